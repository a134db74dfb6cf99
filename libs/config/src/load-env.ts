import { plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';

/**
 * Reads and validates a service's environment at boot, failing with every bad variable listed
 * at once. Unset variables keep the class's defaults.
 */
export function loadEnv<T extends object>(
  envClass: new () => T,
  source: NodeJS.ProcessEnv = process.env,
): T {
  // Declared fields are own properties of an instance (ES2022 class fields), defaults or not.
  const declared = new Set(Object.keys(new envClass()));
  const present = Object.fromEntries(
    Object.entries(source).filter(
      ([key, value]) => declared.has(key) && value !== undefined && value !== '',
    ),
  );
  const env = plainToInstance(envClass, present, { exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false });
  if (errors.length > 0) {
    throw new Error(`Invalid environment:\n${errors.map(describe).join('\n')}`);
  }
  return env;
}

/** Variables whose values must not reach the boot log, even when they are wrong. */
const SECRET_NAME = /SECRET|PASSWORD|_TOKEN$|_KEYS?$/;

/** The password of a URL's user (`postgres://user:password@host`), up to the `@`. */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s/@]*@/gi;

/** Text that may hold URLs (DATABASE_URL, SMTP_URL, NATS_URL), with their passwords as `***`. */
export function withoutUrlPasswords(text: string): string {
  return text.replace(URL_PASSWORD, '$1***@');
}

function describe(error: ValidationError): string {
  // Several rules of one variable may share a message (a range is a type, a minimum and a maximum).
  const reasons = [...new Set(Object.values(error.constraints ?? {}))].join('; ');
  const value = SECRET_NAME.test(error.property)
    ? '(hidden)'
    : withoutUrlPasswords(JSON.stringify(error.value) ?? 'undefined');
  return `  ${error.property}=${value}: ${reasons}`;
}
