import {
  AccountAddressesResponseAddressesInnerTypeEnum,
  instanceOfAddressResponse,
  instanceOfMessageResponse,
  instanceOfPostEmailTestResponse,
  instanceOfSenderPostResponse,
  instanceOfSendEmailApiResponseAnyOf,
  instanceOfSendSmsResponseAnyOf,
} from 'pingram';
import { errorObject, failureOf, logOf } from './pingram-answers';
import { expectComplete, pingramSuite } from './pingram-suite';

const OWNER_EMAIL = 'owner@pingram-sending.test';
const IN_AN_HOUR = () => new Date(Date.now() + 3_600_000).toISOString();

/**
 * Sending through `pingram@1.0.14`. The SDK's send answers are `anyOf` a success and an error;
 * its merged interface requires the fields of both, so a success is checked against the success
 * alternative (`…AnyOf`).
 */
describe('pingram@1.0.14: sending', () => {
  const suite = pingramSuite('Pingram Sending');

  it('default.send', async () => {
    const shipment = (plan: string) => ({
      type: 'order-shipped',
      to: { id: `buyer-${plan}`, email: `${plan}@example.com` },
      parameters: { plan },
      email: { subject: 'Shipped', html: '<p>Your order is on its way</p>' },
      inapp: { title: 'Shipped' },
      options: { email: { condition: "parameters.plan == 'pro'" } },
    });

    const kept = expectComplete(
      await suite.client.send(shipment('pro')),
      instanceOfSenderPostResponse,
    );
    const skipped = expectComplete(
      await suite.client.send(shipment('free')),
      instanceOfSenderPostResponse,
    );

    expect(kept).toEqual({ trackingId: expect.any(String), messages: expect.any(Array) });
    const keptLog = await logOf(suite, kept.trackingId, (log) => 'email_sent_at' in log);
    expect(keptLog).toMatchObject({ email_routing: 'SEND', user_email: 'pro@example.com' });
    const skippedLog = await logOf(suite, skipped.trackingId, (log) => 'inapp_delivered_at' in log);
    expect(skippedLog).toMatchObject({ email_routing: 'IGNORE', inapp_routing: 'SEND' });
    expect(skippedLog).not.toHaveProperty('email_sent_at');
  });

  it('email.send', async () => {
    const sent = expectComplete(
      await suite.client.email.send({
        type: 'receipt',
        to: 'ada@example.com',
        subject: 'Your receipt',
        html: '<p>Thank you</p>',
        previewText: 'Thanks for your order',
      }),
      instanceOfSendEmailApiResponseAnyOf,
    );

    expect(sent.trackingId).toEqual(expect.any(String));
    expect(sent.messages).toEqual(expect.any(Array));
    const log = await logOf(suite, sent.trackingId, (entry) => 'email_sent_at' in entry);
    expect(log).toMatchObject({ user_email: 'ada@example.com', email_preview: 'Your receipt' });
  });

  it('sms.send', async () => {
    const sent = expectComplete(
      await suite.client.sms.send({ type: 'otp', to: '+15005550123', message: 'Code 1234' }),
      instanceOfSendSmsResponseAnyOf,
    );

    expect(sent.messages).toEqual(expect.any(Array));
    const log = await logOf(suite, sent.trackingId, (entry) => 'sms_sent_at' in entry);
    expect(log).toMatchObject({ user_number: '+15005550123', sms_preview: 'Code 1234' });
  });

  it('sender.updateSchedule', async () => {
    const scheduled = await suite.client.send({
      type: 'reminder',
      to: { id: 'grace' },
      inapp: { title: 'Tomorrow' },
      schedule: IN_AN_HOUR(),
    });
    const later = new Date(Date.now() + 7_200_000).toISOString();

    const answer = expectComplete(
      await suite.client.sender.updateSchedule(scheduled.trackingId, {
        type: 'reminder',
        to: { id: 'grace' },
        inapp: { title: 'The day after' },
        schedule: later,
      }),
      instanceOfMessageResponse,
    );

    expect(answer.message).toEqual(expect.any(String));
    const log = await logOf(suite, scheduled.trackingId, (entry) => 'schedule_updated_at' in entry);
    expect(log['schedule_updated_to']).toBe(later);
  });

  it('sender.deleteSchedule', async () => {
    const scheduled = await suite.client.send({
      type: 'reminder',
      to: { id: 'grace' },
      inapp: { title: 'Never mind' },
      schedule: IN_AN_HOUR(),
    });

    const answer = expectComplete(
      await suite.client.sender.deleteSchedule(scheduled.trackingId),
      instanceOfMessageResponse,
    );

    expect(answer.message).toEqual(expect.any(String));
    await logOf(suite, scheduled.trackingId, (entry) => 'schedule_deleted_at' in entry);
    expect(await failureOf(suite.client.sender.deleteSchedule(scheduled.trackingId))).toEqual({
      status: 404,
      body: errorObject('NOT_FOUND'),
    });
  });

  it('sender.testEmail', async () => {
    const answer = expectComplete(
      await suite.client.sender.testEmail({
        notificationId: 'welcome',
        to: 'someone-else@example.com',
        subject: 'Welcome, {{firstName}}',
        html: '<p>Hello {{firstName}}</p>',
        previewText: 'A test',
        fromAddress: 'hello@example.com',
        fromName: 'Pingram Sending',
      }),
      instanceOfPostEmailTestResponse,
    );

    const log = await logOf(suite, answer.trackingId, (entry) => 'email_sent_at' in entry);
    expect(log).toMatchObject({ user_email: OWNER_EMAIL, email_preview: 'Welcome, ' });
  });

  it('adds, lists and removes a sender domain through domains.*', async () => {
    const added = await suite.client.domains.addDomain({ sender: 'news.pingram.test' });
    expect(added).toEqual([
      expect.objectContaining({
        sender: 'news.pingram.test',
        status: 'PENDING',
        selector: expect.any(String),
        createdAt: expect.any(String),
        lastSync: expect.any(Date),
      }),
    ]);
    expect(added[0]?.privateDKIMKey).toBeUndefined();
    await expect(suite.client.domains.listDomains()).resolves.toEqual(added);
    await expect(suite.client.domains.deleteDomain('news.pingram.test')).resolves.toEqual({
      success: true,
    });
    await expect(suite.client.domains.listDomains()).resolves.toEqual([]);
  });

  it('creates, lists and renames an inbox through addresses.*', async () => {
    const created = await suite.client.addresses.createAddress({
      prefix: 'Help',
      displayName: 'Help desk',
    });
    expect(instanceOfAddressResponse(created)).toBe(true);
    expect(created.address).toEqual({
      fullAddress: 'help@inbox.clarion.localhost',
      prefix: 'help',
      domain: 'inbox.clarion.localhost',
      type: AccountAddressesResponseAddressesInnerTypeEnum.BUILTIN,
      displayName: 'Help desk',
      createdAt: expect.any(String),
    });
    await expect(suite.client.addresses.listAddresses()).resolves.toEqual({
      addresses: [created.address],
    });
    const renamed = await suite.client.addresses.updateAddress({
      fullAddress: 'help@inbox.clarion.localhost',
      prefix: 'support',
    });
    expect(renamed.address).toEqual({
      ...created.address,
      fullAddress: 'support@inbox.clarion.localhost',
      prefix: 'support',
    });
    expect(await failureOf(suite.client.addresses.createAddress({ prefix: 'sales' }))).toEqual({
      status: 409,
      body: errorObject('CONFLICT'),
    });
    expect(
      await failureOf(suite.client.addresses.updateAddress({ fullAddress: 'help@example.com' })),
    ).toEqual({ status: 404, body: errorObject('NOT_FOUND') });
  });

  /**
   * Components, the editor and insights belong to the hosted dashboard: each answers the spec's
   * error object.
   */
  describe('not in Clarion: the error object, not a bare 404', () => {
    const notImplemented = { status: 501, body: errorObject('NOT_IMPLEMENTED') };
    const cases: [string, () => Promise<unknown>][] = [
      [
        'components.createComponent',
        () => suite.client.components.createComponent({ componentId: 'footer', name: 'Footer' }),
      ],
      ['components.deleteComponent', () => suite.client.components.deleteComponent('footer')],
      ['components.getComponent', () => suite.client.components.getComponent('footer')],
      ['components.listComponents', () => suite.client.components.listComponents('EMAIL')],
      ['components.listComponentsParsed', () => suite.client.components.listComponentsParsed()],
      [
        'components.patchComponent',
        () => suite.client.components.patchComponent('footer', { name: 'Footer' }),
      ],
      ['editor.generateEditorToken', () => suite.client.editor.generateEditorToken({})],
      [
        'insights.queryInsights',
        () =>
          suite.client.insights.queryInsights({
            StartTime: '2026-01-01T00:00:00Z',
            EndTime: '2026-01-02T00:00:00Z',
            MetricDataQueries: [],
          }),
      ],
    ];

    it.each(cases)('%s', async (_operation, call) => {
      const failure = await failureOf(call());

      expect(failure).toEqual(notImplemented);
      expect(failure.body).toMatchObject({ error: { fix: expect.any(String) } });
    });
  });
});
