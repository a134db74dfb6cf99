import { DomainError } from '@clarion/contracts';
import { assertWellFormedQuery, parseQueryString } from './query-string';

describe(parseQueryString.name, () => {
  it('parses as Fastify does: repeated keys as arrays, + as a space, escapes decoded', () => {
    expect({ ...parseQueryString('a=1+2&a=%41&b=%C3%A9&c') }).toEqual({
      a: ['1 2', 'A'],
      b: 'é',
      c: '',
    });
    expect(() => assertWellFormedQuery(parseQueryString('a=%C3%A9'))).not.toThrow();
    expect(() => assertWellFormedQuery(parseQueryString(''))).not.toThrow();
  });

  it.each(['x=%ZZ', 'limit=%E0%A4%A', '%ff=1', 'a=%'])(
    'marks %s, which assertWellFormedQuery refuses with INVALID_URL naming the escape',
    (query) => {
      const parsed = parseQueryString(query);
      expect(() => assertWellFormedQuery(parsed)).toThrow(DomainError);
      try {
        assertWellFormedQuery(parsed);
      } catch (error) {
        expect((error as DomainError).code).toBe('INVALID_URL');
        expect((error as DomainError).message).toMatch(/%/);
      }
    },
  );
});
