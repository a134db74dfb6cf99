import { DomainError, MAX_ERROR_MESSAGE_LENGTH, NotFoundError } from './domain-error';
import { ErrorCode } from './error-code.enum';

describe(DomainError.name, () => {
  it('keeps a message of ordinary length as it is', () => {
    expect(new NotFoundError('Template welcome').message).toBe('Template welcome was not found');
  });

  it('cuts a message quoting a long id to the bound, marking the cut', () => {
    const { message } = new NotFoundError(`Template ${'x'.repeat(5_000)}`);
    expect(message).toHaveLength(MAX_ERROR_MESSAGE_LENGTH);
    expect(message).toMatch(/^Template x+…$/);
  });

  it('bounds a message that arrives over NATS as data', () => {
    const body = { code: ErrorCode.VALIDATION_FAILED, message: 'y'.repeat(100_000) };
    expect(DomainError.fromBody(body).toBody().message).toHaveLength(MAX_ERROR_MESSAGE_LENGTH);
  });
});
