import { eventually, shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
type Answer = { trackingId: string; messages: string[]; error?: Json };

describe('the send pipeline: types, templates, preferences, conditions, suppressions', () => {
  const suite = shareSystemForSuite();
  let api: ApiClient;
  let clientId: string;
  let accountId: string;

  beforeAll(async () => {
    const account = suite.system.createAccount('Acme', 'owner@acme.pipeline.test');
    accountId = account.accountId;
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    clientId = (await api.call<{ clientId: string }[]>('GET', '/environments')).body[0]!.clientId;
  });

  const send = (body: Json) => api.call<Answer>('POST', '/send', body);
  const logOf = (
    trackingId: string,
    ready: (log: Json) => boolean = (log) => 'processed_at' in log,
  ) =>
    eventually(async () => {
      const log = (await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`)).body.logs[0];
      return log && ready(log) ? log : undefined;
    });
  const inboxOf = async (userId: string) =>
    (
      await ApiClient.asEndUser(suite.system.baseUrl, clientId, userId).call<{
        notifications: Json[];
      }>('GET', '/user/inapp')
    ).body.notifications;

  describe('types and templates', () => {
    it('creates, lists, changes and deletes a type', async () => {
      const created = await api.call('POST', '/types', {
        notificationId: 'order_shipped',
        title: 'Order shipped',
        channels: ['EMAIL', 'INAPP_WEB'],
        options: {
          EMAIL: { defaultDeliveryOption: 'instant', daily: { enabled: true, hour: '09:00' } },
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        notificationId: 'order_shipped',
        enabled: true,
        templates: [],
      });
      expect((await api.call('POST', '/types', { notificationId: 'order_shipped' })).status).toBe(
        409,
      );
      const changed = await api.call('PATCH', '/types/order_shipped', { title: 'Shipped!' });
      expect(changed.body).toMatchObject({ title: 'Shipped!', channels: ['EMAIL', 'INAPP_WEB'] });
      const list = await api.call<Json[]>('GET', '/types');
      expect(list.body.map((t) => t['notificationId'])).toContain('order_shipped');
      const bad = await api.call<{ error: Json }>('PATCH', '/types/order_shipped', {
        throttling: { max: 0, period: 1, unit: 'weeks', forever: false, scope: ['userId'] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error['message']).toContain('throttling.unit');
      await api.call('POST', '/types', { notificationId: 'temporary' });
      expect((await api.call('DELETE', '/types/temporary')).body).toEqual({ success: true });
      expect((await api.call('GET', '/types/temporary')).status).toBe(404);
    });

    it('renders the default template with escaped parameters and notes what is missing', async () => {
      const base = '/notifications/order_shipped/INAPP_WEB/templates';
      const first = await api.call('POST', base, {
        templateId: 'plain',
        title: 'Shipped {{ item }}',
      });
      expect(first.body).toMatchObject({
        templateId: 'plain',
        channel: 'INAPP_WEB',
        default: true,
      });
      await api.call('POST', base, { templateId: 'fancy', title: '{{ who }} got {{ item }}' });
      const broken = await api.call<{ error: Json }>('POST', base, { title: 'Hi {{ name' });
      expect(broken.status).toBe(400);
      expect(broken.body.error['message']).toContain('title is not a valid template');
      const missingField = await api.call<{ error: Json }>(
        'POST',
        `/notifications/order_shipped/EMAIL/templates`,
        {
          subject: 'x',
        },
      );
      expect(missingField.status).toBe(400);
      expect(missingField.body.error['message']).toContain('html');
      await api.call('POST', '/notifications/order_shipped/EMAIL/templates', {
        templateId: 'mail',
        subject: 'Your {{ item }}',
        html: '<p>{{ item }} for {{ user.email }}</p>',
      });

      const answer = await send({
        type: 'order_shipped',
        to: { id: 'olga', email: 'olga@example.com' },
        parameters: { item: '<b>Lamp</b>' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.messages).toEqual([]);
      const log = await logOf(answer.body.trackingId);
      expect(log).toMatchObject({
        inapp_routing: 'SEND',
        inapp_preview: 'Shipped <b>Lamp</b>',
        email_routing: 'SEND',
        email_preview: 'Your <b>Lamp</b>',
      });

      await api.call('PATCH', `${base}/default-selection`, { templateId: 'fancy' });
      const noted = await send({
        type: 'order_shipped',
        to: { id: 'olga' },
        parameters: { item: 'Desk' },
      });
      expect(noted.body.messages).toEqual([
        expect.stringContaining('{{ who }} has no value in parameters'),
      ]);
      const [newest] = await eventually(async () => {
        const inbox = await inboxOf('olga');
        return inbox.length === 2 ? inbox : undefined;
      });
      expect(newest).toMatchObject({ title: ' got Desk' });

      const unknown = await send({ type: 'order_shipped', to: { id: 'olga' }, templateId: 'nope' });
      expect(await logOf(unknown.body.trackingId)).toMatchObject({
        inapp_failed_code: 'TEMPLATE_NOT_FOUND',
        email_failed_code: 'TEMPLATE_NOT_FOUND',
      });
    });
  });

  describe('the configuration a send implies, at once', () => {
    let newcomer: ApiClient;
    /** GET /types/{type} answers a list holding the one type, as the SDK reads it. */
    const typeOf = async (notificationId: string) =>
      (await newcomer.call<Json[]>('GET', `/types/${notificationId}`)).body[0];

    beforeAll(() => {
      const account = suite.system.createAccount('Newcomer', 'owner@newcomer.pipeline.test');
      newcomer = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    });

    it('lets a new account change the type of its first send as soon as the send is answered', async () => {
      const sent = await newcomer.call<Answer>('POST', '/send', {
        type: 'first_contact',
        to: { id: 'nina', email: 'nina@example.com' },
        subNotificationId: 'onboarding',
        email: { subject: 'Hello', html: '<p>Welcome</p>' },
        inapp: { title: 'Hello' },
      });
      expect(sent.status).toBe(200);
      const changed = await newcomer.call('PATCH', '/types/first_contact', {
        title: 'First contact',
      });
      expect(changed.status).toBe(200);
      expect(await typeOf('first_contact')).toMatchObject({
        title: 'First contact',
        channels: ['EMAIL', 'INAPP_WEB'],
      });
      const subNotification = await newcomer.call(
        'DELETE',
        '/types/first_contact/subNotifications/onboarding',
      );
      expect(subNotification.body).toEqual({ success: true });

      // The send itself, processed afterwards, changes none of it.
      const log = await eventually(async () => {
        const logs = (await newcomer.call<{ logs: Json[] }>('GET', `/logs/${sent.body.trackingId}`))
          .body.logs;
        return logs[0] && 'processed_at' in logs[0] ? logs[0] : undefined;
      });
      expect(log).toMatchObject({ email_routing: 'SEND', inapp_routing: 'SEND' });
      expect(await typeOf('first_contact')).toMatchObject({
        title: 'First contact',
        channels: ['EMAIL', 'INAPP_WEB'],
      });
    });

    it('has the type of a scheduled send, and one deleted before a send, when it is answered', async () => {
      const scheduled = await newcomer.call<Answer>('POST', '/send', {
        type: 'reminder',
        to: { id: 'nina' },
        sms: { message: 'Later' },
        schedule: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(scheduled.status).toBe(200);
      expect(await typeOf('reminder')).toMatchObject({
        channels: ['SMS'],
      });

      expect((await newcomer.call('DELETE', '/types/reminder')).status).toBe(200);
      const again = await newcomer.call<Answer>('POST', '/send', {
        type: 'reminder',
        to: { id: 'nina' },
        subNotificationId: 'weekly',
        inapp: { title: 'Now' },
      });
      expect(again.status).toBe(200);
      expect(await typeOf('reminder')).toMatchObject({
        channels: ['INAPP_WEB'],
      });
      const subNotification = '/types/reminder/subNotifications/weekly';
      expect((await newcomer.call('DELETE', subNotification)).status).toBe(200);
      await newcomer.call<Answer>('POST', '/send', {
        type: 'reminder',
        to: { id: 'nina' },
        subNotificationId: 'weekly',
      });
      expect((await newcomer.call('DELETE', subNotification)).status).toBe(200);
    });
  });

  describe('channel resolution', () => {
    it('follows the type default delivery, then the user preference, then suppressions', async () => {
      await api.call('POST', '/types', {
        notificationId: 'digest',
        channels: ['EMAIL', 'SMS', 'INAPP_WEB'],
        options: { SMS: { defaultDeliveryOption: 'off' } },
      });
      const content = {
        email: { subject: 'S', html: '<p>H</p>' },
        sms: { message: 'M' },
        inapp: { title: 'T' },
      };
      const saved = await api.call<{ preferences: Json[] }>('POST', '/users/pia/preferences', {
        preferences: [
          { notificationId: 'digest', channel: 'INAPP_WEB', delivery: 'off' },
          { notificationId: 'digest', channel: 'EMAIL', delivery: 'daily' },
        ],
      });
      expect(saved.body.preferences).toHaveLength(2);
      const first = await send({
        type: 'digest',
        to: { id: 'pia', email: 'pia@example.com', number: '+15005550006' },
        ...content,
      });
      expect(await logOf(first.body.trackingId)).toMatchObject({
        sms_routing: 'IGNORE',
        sms_routing_reason: 'IGNORE_BY_DEFAULT_DELIVERY',
        inapp_routing: 'IGNORE',
        inapp_routing_reason: 'IGNORE_BY_PREFERENCES',
        email_routing: 'BATCH',
      });

      await api.call('DELETE', '/users/pia/preferences?notificationId=digest');
      await suite.database.query(
        `UPDATE notifications.users SET email_suppression = '{"reason":"Bounce","retryable":false,"details":{}}' WHERE id = 'pia' AND account_id = $1`,
        [accountId],
      );
      expect((await api.call<Json>('GET', '/users/pia')).body['emailSuppressionStatus']).toEqual({
        reason: 'Bounce',
        details: {},
      });
      const second = await send({ type: 'digest', to: { id: 'pia' }, ...content });
      expect(await logOf(second.body.trackingId)).toMatchObject({
        email_routing: 'SEND',
        email_failed_code: 'SUPPRESSED_BOUNCE',
        inapp_routing: 'SEND',
      });
      const removed = await api.call<{ user: Json }>(
        'DELETE',
        '/user_suppression/pia/channel/EMAIL',
      );
      expect(removed.body.user['emailSuppressionStatus']).toBeUndefined();
    });

    it('removes the bounces of the environment in the background after DELETE /email/suppressions/bounces', async () => {
      for (const id of ['rae', 'sol', 'tom'])
        await api.call('POST', `/users/${id}`, { email: `${id}@example.com` });
      await suite.database.query(
        `UPDATE notifications.users SET email_suppression = CASE id
           WHEN 'tom' THEN '{"reason":"Complaint","retryable":false,"details":{}}'::jsonb
           ELSE '{"reason":"Bounce","retryable":false,"details":{}}'::jsonb END
          WHERE id IN ('rae', 'sol', 'tom') AND account_id = $1`,
        [accountId],
      );

      const answer = await api.call<Json>('DELETE', '/email/suppressions/bounces');

      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: 'Removal of bounces suppressions started' });
      const suppressionOf = async (id: string) =>
        (await api.call<Json>('GET', `/users/${id}`)).body['emailSuppressionStatus'];
      await eventually(async () =>
        (await suppressionOf('rae')) === undefined && (await suppressionOf('sol')) === undefined
          ? true
          : undefined,
      );
      expect(await suppressionOf('tom')).toMatchObject({ reason: 'Complaint' });
      expect((await api.call<Json>('DELETE', '/email/suppressions/spam')).status).toBe(400);
    });

    it('lets end users manage their own preferences', async () => {
      const user = ApiClient.asEndUser(suite.system.baseUrl, clientId, 'quinn');
      await user.call('POST', '/user/preferences', {
        preferences: [{ notificationId: 'digest', channel: 'EMAIL', delivery: 'weekly' }],
      });
      expect(
        (await api.call<{ preferences: Json[] }>('GET', '/users/quinn/preferences')).body
          .preferences,
      ).toEqual([{ notificationId: 'digest', channel: 'EMAIL', delivery: 'weekly' }]);
    });
  });

  describe('conditions', () => {
    it('refuses an invalid condition with 400 and logs a false one as sending nothing', async () => {
      const invalid = await send({
        type: 'cond',
        to: { id: 'ray' },
        inapp: { title: 'x' },
        options: { condition: 'parameters.plan ==' },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error?.['message']).toContain('options.condition');
      const prototype = await send({
        type: 'cond',
        to: { id: 'ray' },
        inapp: { title: 'x' },
        options: { condition: 'parameters.__proto__ == null' },
      });
      expect(prototype.status).toBe(400);
      const condition = "parameters.plan == 'pro' && user.email endsWith '@example.com'";
      const skipped = await send({
        type: 'cond',
        to: { id: 'ray', email: 'ray@example.com' },
        parameters: { plan: 'free' },
        inapp: { title: 'Pro tip' },
        options: { condition },
      });
      expect(await logOf(skipped.body.trackingId)).toMatchObject({
        ignored: 'ALL_CHANNELS_IGNORED',
        ignored_reason: 'options.condition is false',
      });
      const sent = await send({
        type: 'cond',
        to: { id: 'ray' },
        parameters: { plan: 'pro' },
        inapp: { title: 'Pro tip' },
        options: { condition },
      });
      expect(await logOf(sent.body.trackingId)).toMatchObject({ inapp_routing: 'SEND' });
    });
  });

  describe('direct sends', () => {
    it('sends an SMS and an email without a template, idempotently', async () => {
      const sms = await api.call<Answer>(
        'POST',
        '/sms',
        { type: 'otp', to: '+15005550006', message: 'Code 1234' },
        undefined,
        { 'idempotency-key': 'sms-1' },
      );
      expect(sms.status).toBe(200);
      const again = await api.call<Answer>(
        'POST',
        '/sms',
        { type: 'otp', to: '+15005550006', message: 'Code 1234' },
        undefined,
        { 'idempotency-key': 'sms-1' },
      );
      expect(again.body.trackingId).toBe(sms.body.trackingId);
      const changed = await api.call<Answer>(
        'POST',
        '/sms',
        { type: 'otp', to: '+15005550006', message: 'Code 9999' },
        undefined,
        { 'idempotency-key': 'sms-1' },
      );
      expect(changed.status).toBe(422);
      expect(await logOf(sms.body.trackingId)).toMatchObject({
        sms_routing: 'SEND',
        sms_preview: 'Code 1234',
        user_number: '+15005550006',
      });

      // 25 tracking ids, the most one lookup takes, fit in the path.
      const others = Array.from({ length: 24 }, () => crypto.randomUUID());
      const many = await api.call<{ logs: Json[] }>(
        'GET',
        `/logs/${[sms.body.trackingId, ...others].join(',')}`,
      );
      expect(many.status).toBe(200);
      expect(many.body.logs.map((log) => log['trackingId'])).toEqual([sms.body.trackingId]);

      const badNumber = await api.call<Answer>('POST', '/sms', {
        type: 'otp',
        to: '555',
        message: 'x',
      });
      expect(badNumber.status).toBe(400);
      expect(badNumber.body.error?.['message']).toContain('to must be a phone number');

      const email = await api.call<Answer>('POST', '/email', {
        type: 'receipt',
        to: 'sue@example.com',
        subject: 'Receipt',
        html: '<p>Thanks</p>',
        ccAddresses: ['boss@example.com'],
        openTracking: false,
      });
      expect(email.status).toBe(200);
      expect(await logOf(email.body.trackingId)).toMatchObject({
        email_routing: 'SEND',
        email_preview: 'Receipt',
        user_email: 'sue@example.com',
      });
      const noHtml = await api.call<Answer>('POST', '/email', {
        type: 'r',
        to: 'sue@example.com',
        subject: 's',
      });
      expect(noHtml.status).toBe(400);
      expect(noHtml.body.error?.['message']).toContain('html');
    });
  });
});
