import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signedWebhookHeaders } from './webhook-signature';

describe(signedWebhookHeaders.name, () => {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const body = JSON.stringify({ eventType: 'SMS_FAILED', text: 'naïve ✓ "quoted"' });

  it('signs so that a Standard Webhooks receiver verifies the body', () => {
    const headers = signedWebhookHeaders(secret, 'evt-1', body);

    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(headers['webhook-id']).toBe('evt-1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('stamps the attempt with its time in unix seconds', () => {
    const at = new Date('2024-05-01T12:00:00.750Z');
    const headers = signedWebhookHeaders(secret, 'evt-1', body, at);

    expect(headers['webhook-timestamp']).toBe(String(Date.parse('2024-05-01T12:00:00Z') / 1000));
    expect(headers['webhook-signature']).toBe(
      new Webhook(secret).sign('evt-1', new Date('2024-05-01T12:00:00Z'), body),
    );
  });

  it('fails verification for another body, id or secret', () => {
    const headers = signedWebhookHeaders(secret, 'evt-1', body);
    const otherSecret = `whsec_${randomBytes(24).toString('base64')}`;

    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'evt-2' })).toThrow();
    expect(() => new Webhook(otherSecret).verify(body, { ...headers })).toThrow();
  });
});
