import { DomainError } from '@clarion/contracts';
import { signStreamToken, STREAM_TOKEN_TTL_MS, verifyStreamToken } from './stream-token';

const SECRET = 'a-secret-of-at-least-16';
const user = { accountId: 'acc', envId: 'env', userId: 'ada' };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('not refused');
}

describe('stream tokens', () => {
  const now = Date.parse('2026-01-31T12:00:00Z');

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
    const otherUser = Buffer.from(JSON.stringify({ a: 'acc', e: 'env', u: 'eve', x: now + 1e6 }));
    const invalid = 'UNAUTHORIZED: The stream token is not valid';
    expect(refusal(() => verifyStreamToken(token, 'another-secret-of-16', now))).toBe(invalid);
    expect(
      refusal(() =>
        verifyStreamToken(`${otherUser.toString('base64url')}.${signature}`, SECRET, now),
      ),
    ).toBe(invalid);
    expect(refusal(() => verifyStreamToken('no-dot', SECRET, now))).toBe(invalid);
    expect(refusal(() => verifyStreamToken(`${token}.extra`, SECRET, now))).toBe(invalid);
  });
});
