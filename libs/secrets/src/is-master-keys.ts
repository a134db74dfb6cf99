import { registerDecorator, ValidationArguments } from 'class-validator';
import { MasterKeyring } from './master-keyring';

/**
 * Validates an environment variable of master keys (see `MasterKeyring.parse`). With
 * NODE_ENV=production it refuses to seal under the public development key; that key is still
 * accepted behind another, so what it sealed can be opened and re-sealed.
 */
export function IsMasterKeys(): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isMasterKeys',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => masterKeysProblemOf(value) === undefined,
        defaultMessage: ({ property, value }: ValidationArguments) =>
          `${property} ${masterKeysProblemOf(value) ?? 'is invalid'}`,
      },
    });
  };
}

function masterKeysProblemOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  try {
    const keyring = MasterKeyring.parse(value);
    if (keyring.sealsWithDevelopmentKey && process.env['NODE_ENV'] === 'production') {
      return 'seals with the public development key; put a key of your own first (openssl rand -base64 32)';
    }
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
