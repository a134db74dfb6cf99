import { verifyTrackingToken } from '@clarion/contracts';
import { emailTrackingPlan } from './email-tracking-plan';
import { emailConfigOf, emailJobOf } from './test-peers/email-fixtures';

const config = emailConfigOf();
const ids = {
  trackingId: 'trk-1',
  accountId: 'acc-1',
  envId: 'env-1',
  userId: 'user-1',
  notificationId: 'welcome',
};

function payloadOf(url: string | undefined, route: string) {
  const prefix = `https://clarion.test/track/${route}/`;
  expect(url?.startsWith(prefix)).toBe(true);
  return verifyTrackingToken(url!.slice(prefix.length), config.trackingSecret);
}

describe(emailTrackingPlan.name, () => {
  it('signs the unsubscribe, open and click links of the job', () => {
    const sut = emailTrackingPlan(emailJobOf({ previewText: 'pre' }), config);
    expect(sut.previewText).toBe('pre');
    expect(payloadOf(sut.unsubscribeUrl, 'unsubscribe')).toEqual({ kind: 'unsubscribe', ...ids });
    expect(payloadOf(sut.openPixelUrl, 'open')).toEqual({ kind: 'open', ...ids });
    expect(payloadOf(sut.clickUrlFor?.('https://a.test/x'), 'click')).toEqual({
      kind: 'click',
      ...ids,
      url: 'https://a.test/x',
    });
  });

  it('leaves out open and click tracking when the send turns them off', () => {
    const job = emailJobOf({}, { openTracking: false, clickTracking: false });
    const sut = emailTrackingPlan(job, config);
    expect(sut.openPixelUrl).toBeUndefined();
    expect(sut.clickUrlFor).toBeUndefined();
    expect(payloadOf(sut.unsubscribeUrl, 'unsubscribe')?.kind).toBe('unsubscribe');
  });
});
