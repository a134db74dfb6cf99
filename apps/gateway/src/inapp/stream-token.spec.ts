import { createHmac } from 'node:crypto';
import { DomainError } from '@clarion/contracts';
import { signStreamToken, STREAM_TOKEN_TTL_MS, verifyStreamToken } from './stream-token';

const SECRET = 'a-secret-of-at-least-16';
const user = {
  accountId: '019c1a2b-3c4d-7e5f-8a9b-0c1d2e3f4a5b',
  envId: '019c1a2b-3c4d-7e5f-8a9b-0c1d2e3f4a5c',
  userId: 'ada',
};

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('not refused');
}

/** A token whose body is `text`, signed with the right secret, as anyone knowing it could make. */
function signedBody(text: string): string {
  const body = Buffer.from(text).toString('base64url');
  return `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
}

describe('stream tokens', () => {
  const now = Date.parse('2026-01-31T12:00:00Z');
  const invalid = 'UNAUTHORIZED: The stream token is not valid';
  const claims = { a: user.accountId, e: user.envId, u: user.userId, x: now + 1_000 };
  const withClaims = (changes: Record<string, unknown>) =>
    signedBody(JSON.stringify({ ...claims, ...changes }));

  it('opens streams of the user it was given to until it expires', () => {
    const { token, expiresAt } = signStreamToken(user, SECRET, now);
    expect(expiresAt).toBe(new Date(now + STREAM_TOKEN_TTL_MS).toISOString());
    expect(verifyStreamToken(token, SECRET, now + STREAM_TOKEN_TTL_MS - 1)).toEqual(user);
  });

  it('refuses an expired token', () => {
    const { token } = signStreamToken(user, SECRET, now);
    expect(refusal(() => verifyStreamToken(token, SECRET, now + STREAM_TOKEN_TTL_MS))).toBe(
      'UNAUTHORIZED: The stream token has expired',
    );
  });

  it('refuses a token signed with another secret, altered, or malformed', () => {
    const { token } = signStreamToken(user, SECRET, now);
    const [, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ ...claims, u: 'eve', x: now + 1e6 }));
    expect(refusal(() => verifyStreamToken(token, 'another-secret-of-16', now))).toBe(invalid);
    expect(
      refusal(() =>
        verifyStreamToken(`${otherUser.toString('base64url')}.${signature}`, SECRET, now),
      ),
    ).toBe(invalid);
    expect(refusal(() => verifyStreamToken('no-dot', SECRET, now))).toBe(invalid);
    expect(refusal(() => verifyStreamToken(`${token}.extra`, SECRET, now))).toBe(invalid);
  });

  it('accepts a token of its own shape signed by hand (the cases below differ in one field)', () => {
    expect(verifyStreamToken(withClaims({}), SECRET, now)).toEqual(user);
  });

  it.each([
    ['a body that is not JSON', signedBody('not json')],
    ['an empty body', signedBody('')],
    [
      'a body that is not base64url',
      `${'*'.repeat(4)}.${createHmac('sha256', SECRET).update('****').digest('base64url')}`,
    ],
    ['a JSON string', signedBody('"claims"')],
    ['a JSON array', signedBody(JSON.stringify([claims]))],
    ['JSON null', signedBody('null')],
    ['an infinite expiry', signedBody(JSON.stringify(claims).replace(/"x":\d+/, '"x":1e400'))],
  ])('refuses a signed token with %s', (_, token) => {
    expect(refusal(() => verifyStreamToken(token, SECRET, now))).toBe(invalid);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an expiry given as a string', { x: String(now + 1_000) }],
    ['an expiry given as a far-future string', { x: '9999999999999999' }],
    ['no expiry', { x: undefined }],
    ['an expiry further ahead than any token lasts', { x: now + 10 * STREAM_TOKEN_TTL_MS }],
    ['a fractional expiry', { x: now + 0.5 }],
    ['an expiry as an object', { x: { valueOf: now + 1_000 } }],
    ['no user id', { u: undefined }],
    ['an empty user id', { u: '' }],
    ['a numeric user id', { u: 42 }],
    ['a user id holding NUL', { u: 'ada\u0000x' }],
    ['a user id holding an unpaired surrogate', { u: 'ada\ud800' }],
    ['no account id', { a: undefined }],
    ['an account id that is not a UUID', { a: 'acc' }],
    ['no environment id', { e: undefined }],
    ['an environment id that is not a UUID', { e: `${user.envId}\u0000x` }],
    ['an environment id given as a number', { e: 7 }],
  ])('refuses a signed token with %s', (_, changes) => {
    expect(refusal(() => verifyStreamToken(withClaims(changes), SECRET, now))).toBe(invalid);
  });
});
