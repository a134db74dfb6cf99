import { IsString } from 'class-validator';
import { IsProductionSecret } from './is-production-secret';
import { loadEnv } from './load-env';

const DEVELOPMENT_SECRET = 'public-development-secret';

class SigningEnv {
  @IsString()
  @IsProductionSecret(DEVELOPMENT_SECRET)
  SIGNING_SECRET = DEVELOPMENT_SECRET;
}

describe(IsProductionSecret.name, () => {
  const nodeEnv = process.env['NODE_ENV'];
  afterEach(() => (process.env['NODE_ENV'] = nodeEnv));

  it('lets the development default through outside production', () => {
    process.env['NODE_ENV'] = 'development';
    expect(loadEnv(SigningEnv, {}).SIGNING_SECRET).toBe(DEVELOPMENT_SECRET);
  });

  it.each([
    ['left unset', {}],
    ['set to the default', { SIGNING_SECRET: DEVELOPMENT_SECRET }],
    ['left at the deployment placeholder', { SIGNING_SECRET: 'CHANGE_ME' }],
  ])('refuses a secret %s under NODE_ENV=production, naming it and what to do', (_, env) => {
    process.env['NODE_ENV'] = 'production';
    expect(() => loadEnv(SigningEnv, env)).toThrow(
      /SIGNING_SECRET=\(hidden\): SIGNING_SECRET is the public development value .*openssl rand/,
    );
  });

  it('accepts a secret of the deployment own under NODE_ENV=production', () => {
    process.env['NODE_ENV'] = 'production';
    expect(loadEnv(SigningEnv, { SIGNING_SECRET: 'q8m3-own-secret' }).SIGNING_SECRET).toBe(
      'q8m3-own-secret',
    );
  });
});
