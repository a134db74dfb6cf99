import { createHmac } from 'node:crypto';
import {
  signedTrackingUrl,
  signTrackingToken,
  trackingRoutes,
  TrackingTokenPayload,
  trackingUrls,
  verifyTrackingToken,
} from './tracking-token';

const secret = 'a-tracking-secret';
const open: TrackingTokenPayload = {
  kind: 'open',
  trackingId: '0190f0e2-7b1c-7000-8000-000000000001',
  accountId: 'acc_1',
  envId: 'env_1',
  userId: 'user-é',
  notificationId: 'welcome',
};
const click: TrackingTokenPayload = {
  ...open,
  kind: 'click',
  url: 'https://example.com/a?b=1&c=ü#x',
};

describe(signTrackingToken.name, () => {
  it('makes a url-safe token of a base64url body and a 16-byte signature', () => {
    const token = signTrackingToken(click, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    const [body] = token.split('.');
    expect(JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'))).toEqual({
      k: 'c',
      t: click.trackingId,
      a: 'acc_1',
      e: 'env_1',
      u: 'user-é',
      n: 'welcome',
      l: click.url,
    });
  });

  it('leaves the url out of tokens that are not clicks', () => {
    const token = signTrackingToken({ ...open, url: 'https://example.com' }, secret);
    expect(verifyTrackingToken(token, secret)).toEqual(open);
  });
});

describe(verifyTrackingToken.name, () => {
  it('returns the payload of each kind it signed', () => {
    const unsubscribe: TrackingTokenPayload = { ...open, kind: 'unsubscribe' };
    for (const payload of [open, click, unsubscribe]) {
      expect(verifyTrackingToken(signTrackingToken(payload, secret), secret)).toEqual(payload);
    }
  });

  it('refuses a token signed with another secret', () => {
    expect(verifyTrackingToken(signTrackingToken(open, 'other'), secret)).toBeUndefined();
  });

  it('refuses a token whose payload was changed', () => {
    const [, signature] = signTrackingToken(click, secret).split('.');
    const forged = Buffer.from(
      JSON.stringify({ k: 'c', t: 't', a: 'a', e: 'e', u: 'u', n: 'n', l: 'https://evil.test' }),
    ).toString('base64url');
    expect(verifyTrackingToken(`${forged}.${signature}`, secret)).toBeUndefined();
  });

  it('refuses a token whose signature was changed or shortened', () => {
    const [body, signature] = signTrackingToken(open, secret).split('.');
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(verifyTrackingToken(`${body}.${flipped}`, secret)).toBeUndefined();
    expect(verifyTrackingToken(`${body}.${signature!.slice(0, 10)}`, secret)).toBeUndefined();
  });

  it('returns undefined for garbage without throwing', () => {
    const garbage = ['', '.', 'abc', 'a.b.c', 'not base64!.sig', '%%%.%%%', '..', 'eyJ9.'];
    for (const token of garbage) expect(verifyTrackingToken(token, secret)).toBeUndefined();
    expect(verifyTrackingToken(undefined as unknown as string, secret)).toBeUndefined();
  });

  it('refuses well-signed bodies that are not a valid payload', () => {
    const sign = (wire: unknown) => {
      const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
      const signature = createHmac('sha256', secret).update(body).digest().subarray(0, 16);
      return `${body}.${signature.toString('base64url')}`;
    };
    const ids = { t: 't', a: 'a', e: 'e', u: 'u', n: 'n' };
    for (const wire of [
      null,
      [1],
      'text',
      { ...ids, k: 'x' },
      { ...ids, k: 'o', t: 1 },
      { ...ids, k: 'c' },
      { ...ids, k: 'o', l: 'https://example.com' },
    ]) {
      expect(verifyTrackingToken(sign(wire), secret)).toBeUndefined();
    }
    expect(verifyTrackingToken(sign({ ...ids, k: 'u' }), secret)).toEqual({
      kind: 'unsubscribe',
      trackingId: 't',
      accountId: 'a',
      envId: 'e',
      userId: 'u',
      notificationId: 'n',
    });
  });
});

describe(trackingUrls.name, () => {
  it('builds the gateway route of each kind under the public URL', () => {
    const sut = trackingUrls('https://clarion.example.com/');
    expect(sut.open('tok.sig')).toBe('https://clarion.example.com/track/open/tok.sig');
    expect(sut.click('tok.sig')).toBe('https://clarion.example.com/track/click/tok.sig');
    expect(sut.unsubscribe('tok.sig')).toBe(
      'https://clarion.example.com/track/unsubscribe/tok.sig',
    );
  });

  it('keeps a path prefix of the public URL', () => {
    expect(trackingUrls('https://example.com/clarion').open('t')).toBe(
      'https://example.com/clarion/track/open/t',
    );
  });

  it('names the routes the gateway serves', () => {
    expect(trackingRoutes).toEqual({
      open: 'track/open/:token',
      click: 'track/click/:token',
      unsubscribe: 'track/unsubscribe/:token',
    });
  });
});

describe(signedTrackingUrl.name, () => {
  it('signs the payload into the route of its kind', () => {
    const payload = {
      kind: 'click' as const,
      trackingId: 't',
      accountId: 'a',
      envId: 'e',
      userId: 'u',
      notificationId: 'n',
      url: 'https://example.com/',
    };
    const url = signedTrackingUrl('https://gw.test', payload, 's');
    const token = url.replace('https://gw.test/track/click/', '');
    expect(verifyTrackingToken(token, 's')).toEqual(payload);
  });
});
