import { IsString, Matches, MinLength } from 'class-validator';
import { loadEnv, withoutUrlPasswords } from './load-env';

class ExampleEnv {
  @MinLength(16)
  SIGNING_SECRET = 'a-long-enough-development-secret';

  @Matches(/^\w+:\w+$/)
  MASTER_KEYS = 'dev:key';

  @IsString()
  @Matches(/^https:\/\//)
  PUBLIC_URL = 'https://localhost';
}

describe(loadEnv.name, () => {
  it('lists every bad variable, and the value only of those that are not secrets', () => {
    const load = () =>
      loadEnv(ExampleEnv, {
        SIGNING_SECRET: 'short-secret',
        MASTER_KEYS: 'k1=c2VjcmV0',
        PUBLIC_URL: 'ftp://example.test',
      });

    expect(load).toThrow(/SIGNING_SECRET=\(hidden\): /);
    expect(load).toThrow(/MASTER_KEYS=\(hidden\): /);
    expect(load).toThrow('PUBLIC_URL="ftp://example.test"');
    expect(load).not.toThrow(/short-secret|c2VjcmV0/);
  });

  it('hides the password of a URL that is wrong', () => {
    const load = () =>
      loadEnv(ExampleEnv, { PUBLIC_URL: 'postgres://clarion:db-password@db.internal:5432/x' });

    expect(load).toThrow('PUBLIC_URL="postgres://clarion:***@db.internal:5432/x"');
    expect(load).not.toThrow(/db-password/);
  });
});

describe(withoutUrlPasswords.name, () => {
  it('hides every password of URLs in a text, and nothing else', () => {
    expect(
      withoutUrlPasswords(
        'at smtp://u:p%40ss@mail:25 and nats://n:t@h:4222, not a:b@c or https://h/x@y',
      ),
    ).toBe('at smtp://u:***@mail:25 and nats://n:***@h:4222, not a:b@c or https://h/x@y');
  });
});
