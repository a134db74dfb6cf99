import { SendDto, ValidationFailedError } from '@clarion/contracts';
import { contractValidationPipe } from './validation-pipe';

describe('contractValidationPipe', () => {
  const sut = contractValidationPipe();
  const validate = (body: unknown) => sut.transform(body, { type: 'body', metatype: SendDto });

  it('refuses an array of arrays in place of a nested object as a 400, not a TypeError', async () => {
    await expect(validate({ type: 'welcome', options: [[]] })).rejects.toThrow(
      new ValidationFailedError(
        'The body does not have the shape this operation takes (an array of arrays where an object belongs?)',
      ),
    );
  });

  it('still names the offending fields of a body it could transform', async () => {
    const error = await validate({ type: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationFailedError);
    expect((error as Error).message).toContain('type must be a string');
  });

  it('names an unknown nested field, which the compiled check leaves to class-validator', async () => {
    const error = await validate({ type: 'welcome', to: { id: 'ada', nickname: 'a' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationFailedError);
    expect((error as Error).message).toContain('to.nickname: property nickname should not exist');
  });

  it('passes a valid body on, transformed', async () => {
    await expect(validate({ type: 'welcome', to: { id: 'ada' } })).resolves.toBeInstanceOf(SendDto);
  });
});
