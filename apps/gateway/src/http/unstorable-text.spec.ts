import { ValidationFailedError } from '@clarion/contracts';
import { assertStorableRequest } from './unstorable-text';

describe(assertStorableRequest.name, () => {
  it('refuses with a validation error that names the field', () => {
    expect(() => assertStorableRequest({ body: { to: { id: 'a\u0000' } } })).toThrow(
      ValidationFailedError,
    );
    expect(() => assertStorableRequest({ query: { userId: '\ud83d' } })).toThrow(/query.userId/);
  });

  it('lets ordinary requests through', () => {
    expect(() =>
      assertStorableRequest({ body: { type: 'welcome' }, query: {}, params: { id: 'x' } }),
    ).not.toThrow();
  });
});
