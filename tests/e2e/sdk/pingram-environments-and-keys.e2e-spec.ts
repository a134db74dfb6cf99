import {
  ChannelsEnum,
  CreateKeyRequestKeyTypeEnum,
  EventsWebhookUpsertRequestEventsEnum,
  instanceOfCreateKeyResponse,
  instanceOfDeleteKeyResponse,
  instanceOfEnvironment,
  instanceOfEventsWebhookResponse,
  instanceOfGetEnvironmentsResponseInner,
  instanceOfGetKeysResponse,
  instanceOfGetKeysResponseKeysInner,
  instanceOfMessageResponse,
  Pingram,
} from 'pingram';
import { secretHint } from '@clarion/contracts';
import { shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from '../api-client';
import { failureOf } from './pingram-answers';
import { expectComplete, pingramSuite } from './pingram-suite';

type Json = Record<string, unknown>;

/** Health, environments, API keys and the events webhook through `pingram@1.0.14`. */
describe('pingram@1.0.14: health, environments, keys and the events webhook', () => {
  const suite = pingramSuite(
    'Settings Co',
    shareSystemForSuite({ OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' }),
  );
  let api: ApiClient;

  beforeAll(() => {
    api = ApiClient.withApiKey(suite.handle.system.baseUrl, suite.account.apiKey);
  });

  const clientWith = (apiKey: string) =>
    new Pingram({ apiKey, baseUrl: suite.handle.system.baseUrl });

  it('health.healthCheck', async () => {
    const status = expectComplete(
      await suite.client.health.healthCheck(),
      instanceOfMessageResponse,
    );
    expect(status.message).toEqual(expect.any(String));
    expect(status.message).toMatch(/ready/i);
  });

  describe('environments', () => {
    it('environments.listEnvironments', async () => {
      const environments = await suite.client.environments.listEnvironments();
      for (const environment of environments) {
        expectComplete(environment, instanceOfGetEnvironmentsResponseInner);
      }
      expect(environments).toContainEqual({
        clientId: expect.any(String),
        clientSecret: expect.any(String),
        title: 'Default',
        disableSending: [],
        secureMode: false,
      });
    });

    it('environments.createEnvironment', async () => {
      const created = expectComplete(
        await suite.client.environments.createEnvironment({ title: 'Staging' }),
        instanceOfEnvironment,
      );
      expect(created).toEqual({
        clientId: expect.any(String),
        clientSecret: expect.any(String),
        title: 'Staging',
        disableSending: [],
        secureMode: false,
      });
      const listed = await api.call<Json[]>('GET', '/environments');
      // Clarion's own fields (web push settings) beside the SDK's, which the SDK leaves out.
      expect(listed.body).toContainEqual({ ...created, logo: '', hasWebPushEnabled: true });
    });

    it('environments.updateEnvironment', async () => {
      const created = await api.call<Json>('POST', '/environments', { title: 'Preview' });
      const clientId = String(created.body['clientId']);
      const updated = expectComplete(
        await suite.client.environments.updateEnvironment(clientId, {
          title: 'Preview 2',
          secureMode: true,
          disableSending: [ChannelsEnum.SMS],
          resetSecret: true,
        }),
        instanceOfEnvironment,
      );
      expect(updated).toEqual({
        clientId,
        clientSecret: expect.any(String),
        title: 'Preview 2',
        disableSending: ['SMS'],
        secureMode: true,
      });
      expect(updated.clientSecret).not.toBe(created.body['clientSecret']);
    });
  });

  describe('keys', () => {
    it('keys.createAPIKey', async () => {
      const created = expectComplete(
        await suite.client.keys.createAPIKey({
          keyType: CreateKeyRequestKeyTypeEnum.SECRET,
          name: 'CI',
        }),
        instanceOfCreateKeyResponse,
      );
      expect(created).toEqual({
        id: expect.any(String),
        key: expect.stringMatching(/_sk_/),
        keyType: 'secret',
        environmentId: expect.any(String),
        name: 'CI',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const withNewKey = await clientWith(created.key).keys.listAPIKeys();
      expect(withNewKey.keys.map((key) => key.id)).toContain(created.id);
    });

    it('keys.listAPIKeys', async () => {
      const listed = expectComplete(
        await suite.client.keys.listAPIKeys(),
        instanceOfGetKeysResponse,
      );
      for (const key of listed.keys) expectComplete(key, instanceOfGetKeysResponseKeysInner);
      expect(listed.keys).toContainEqual({
        id: expect.any(String),
        key: expect.stringMatching(new RegExp(`${suite.account.apiKey.slice(-4)}$`)),
        keyType: 'secret',
        environmentId: expect.any(String),
        accountId: suite.account.accountId,
        name: expect.any(String),
        revoked: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(listed.keys.some((key) => key.key === suite.account.apiKey)).toBe(false);
    });

    it('keys.revokeAPIKey', async () => {
      const created = await api.call<{ id: string; key: string }>('POST', '/keys', {
        keyType: 'secret',
        name: 'to revoke',
      });
      const revoked = expectComplete(
        await suite.client.keys.revokeAPIKey(created.body.id),
        instanceOfDeleteKeyResponse,
      );
      expect(revoked.message).toEqual(expect.any(String));
      const refused = await failureOf(clientWith(created.body.key).keys.listAPIKeys());
      expect(refused).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
    });
  });

  describe('events webhook', () => {
    const webhook = 'http://127.0.0.1:9/clarion-events';
    const { EMAIL_OPEN, SMS_FAILED } = EventsWebhookUpsertRequestEventsEnum;

    it('webhooks.upsertEventsWebhook', async () => {
      const saved = expectComplete(
        await suite.client.webhooks.upsertEventsWebhook({
          webhook,
          events: [EMAIL_OPEN, SMS_FAILED],
        }),
        instanceOfEventsWebhookResponse,
      );
      expect(saved).toEqual({
        webhookId: expect.any(String),
        webhook,
        events: ['EMAIL_OPEN', 'SMS_FAILED'],
        secret: expect.stringMatching(/^whsec_/),
      });
      const again = await suite.client.webhooks.upsertEventsWebhook({
        webhook: `${webhook}/2`,
        events: [EMAIL_OPEN],
      });
      // The secret is given whole once, when the webhook is created; then only as a hint.
      expect(again).toEqual({
        ...saved,
        webhook: `${webhook}/2`,
        events: ['EMAIL_OPEN'],
        secret: secretHint(saved.secret),
      });
    });

    it('webhooks.getEventsWebhook', async () => {
      const saved = await api.call<Json>('PUT', '/webhooks/events', {
        webhook,
        events: ['SMS_FAILED'],
      });
      const got = expectComplete(
        await suite.client.webhooks.getEventsWebhook(),
        instanceOfEventsWebhookResponse,
      );
      expect(got).toEqual({ ...saved.body, secret: secretHint(String(saved.body['secret'])) });
    });

    it('webhooks.deleteEventsWebhook', async () => {
      await api.call('PUT', '/webhooks/events', { webhook, events: ['EMAIL_OPEN'] });
      await expect(suite.client.webhooks.deleteEventsWebhook()).resolves.toBeUndefined();
      const gone = await failureOf(suite.client.webhooks.getEventsWebhook());
      expect(gone).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    });
  });
});
