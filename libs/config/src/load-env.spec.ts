import { IsString, Matches, MinLength } from 'class-validator';
import { loadEnv } from './load-env';

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
});
