import { LogsPageQueryDto, SendDto, ValidationFailedError } from '@clarion/contracts';
import * as classTransformer from 'class-transformer';
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

  describe('makes instances with the fast path first', () => {
    const benchBody = () => ({
      type: 'bench',
      to: { id: 'bench-user-1' },
      forceChannels: ['INAPP_WEB'],
      inapp: { title: 'Hello {{n}}' },
      parameters: { n: 1 },
    });
    let plainToInstance: jest.SpyInstance;
    beforeEach(() => (plainToInstance = jest.spyOn(classTransformer, 'plainToInstance')));
    afterEach(() => plainToInstance.mockRestore());

    it('without class-transformer for a body it answers, building the same instance', async () => {
      const expected = classTransformer.plainToInstance(SendDto, benchBody());
      plainToInstance.mockClear();
      await expect(validate(benchBody())).resolves.toStrictEqual(expected);
      expect(plainToInstance).not.toHaveBeenCalled();
    });

    it('with class-transformer when unsure (a @Type(() => Number) query)', async () => {
      const query = { limit: '5' };
      const transformed = await sut.transform(query, { type: 'query', metatype: LogsPageQueryDto });
      expect(plainToInstance).toHaveBeenCalledWith(LogsPageQueryDto, query, undefined);
      expect(transformed).toMatchObject({ limit: 5 });
    });
  });
});
