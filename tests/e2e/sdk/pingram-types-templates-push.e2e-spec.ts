import { generateKeyPairSync } from 'node:crypto';
import {
  ChannelsEnum,
  instanceOfAPNConfig,
  instanceOfGetNotificationsResponseInner,
  instanceOfGetTemplatesListResponseInnerAnyOf,
  instanceOfGetTemplatesListResponseInnerAnyOf1,
  instanceOfGetTemplatesListResponseInnerAnyOf2,
  instanceOfNotification,
  instanceOfPushSettingsFCMResponse,
  instanceOfTemplate,
  SetDefaultTemplateRequestModesEnum,
} from 'pingram';
import { errorObject, failureOf } from './pingram-answers';
import { expectComplete, pingramSuite } from './pingram-suite';

const EMAIL = ChannelsEnum.EMAIL;

/**
 * Notification types, templates and push settings through `pingram@1.0.14`. A template answer is
 * `anyOf` one shape per channel; the SDK's merged interface requires the fields of all seven, so
 * an EMAIL template is checked against the email alternative (`GetTemplatesListResponseInnerAnyOf`).
 */
describe('pingram@1.0.14: types, templates and push settings', () => {
  const suite = pingramSuite('Pingram Types');

  describe('types', () => {
    it('types.createNotificationType', async () => {
      const created = expectComplete(
        await suite.client.types.createNotificationType({
          notificationId: 'welcome',
          title: 'Welcome',
          channels: ['EMAIL', 'INAPP_WEB'],
        }),
        instanceOfNotification,
      );

      expect(created).toMatchObject({
        notificationId: 'welcome',
        title: 'Welcome',
        channels: ['EMAIL', 'INAPP_WEB'],
        enabled: true,
      });
    });

    it('types.listNotificationTypes', async () => {
      await suite.client.types.createNotificationType({
        notificationId: 'listed',
        title: 'Listed',
        channels: ['SMS'],
      });

      const types = await suite.client.types.listNotificationTypes();

      types.forEach((type) => expectComplete(type, instanceOfGetNotificationsResponseInner));
      expect(types.find((type) => type.notificationId === 'listed')).toMatchObject({
        title: 'Listed',
        channels: ['SMS'],
      });
    });

    it('types.getNotificationType', async () => {
      await suite.client.types.createNotificationType({
        notificationId: 'fetched',
        title: 'Fetched',
        channels: ['EMAIL'],
      });
      await suite.client.templates.createTemplate('fetched', EMAIL, {
        templateId: 'fetched-email',
        subject: 'Hi',
        html: '<p>Hi</p>',
      });

      const answer = await suite.client.types.getNotificationType('fetched');

      expect(answer).toHaveLength(1);
      const [type] = answer.map((entry) =>
        expectComplete(entry, instanceOfGetNotificationsResponseInner),
      );
      expect(type).toMatchObject({ notificationId: 'fetched', title: 'Fetched' });
      expect(type?.templates).toEqual([{ channel: 'EMAIL', templateIds: ['fetched-email'] }]);
    });

    it('types.updateNotificationType', async () => {
      await suite.client.types.createNotificationType({
        notificationId: 'changed',
        title: 'Before',
        channels: ['EMAIL'],
      });

      const updated = expectComplete(
        await suite.client.types.updateNotificationType('changed', {
          title: 'After',
          enabled: false,
          deduplication: { duration: 60 },
        }),
        instanceOfNotification,
      );

      expect(updated).toMatchObject({
        title: 'After',
        enabled: false,
        deduplication: { duration: 60 },
      });
    });

    it('types.deleteNotificationType', async () => {
      await suite.client.types.createNotificationType({
        notificationId: 'doomed',
        title: 'Doomed',
        channels: ['EMAIL'],
      });

      await suite.client.types.deleteNotificationType('doomed');

      expect(await failureOf(suite.client.types.getNotificationType('doomed'))).toEqual({
        status: 404,
        body: errorObject('NOT_FOUND'),
      });
    });
  });

  describe('templates', () => {
    beforeAll(async () => {
      await suite.client.types.createNotificationType({
        notificationId: 'digest',
        title: 'Digest',
        channels: ['EMAIL'],
      });
    });

    it('templates.createTemplate', async () => {
      const created = expectComplete(
        await suite.client.templates.createTemplate('digest', EMAIL, {
          templateId: 'digest-main',
          subject: 'Your news, {{firstName}}',
          html: '<p>News</p>',
          internal: '{"page":{"rows":[]}}',
          senderName: 'Pingram Types',
          senderEmail: 'news@example.com',
        }),
        instanceOfTemplate,
      );

      expect(created).toMatchObject({
        notificationId: 'digest',
        templateId: 'digest-main',
        channel: 'EMAIL',
        default: true,
      });
    });

    it('templates.listTemplates', async () => {
      await suite.client.templates.createTemplate('digest', EMAIL, {
        templateId: 'digest-plain',
        subject: 'Plain',
        html: '<p>Plain</p>',
      });

      const templates = await suite.client.templates.listTemplates('digest', EMAIL);

      templates.forEach((template) =>
        expectComplete(template, instanceOfGetTemplatesListResponseInnerAnyOf),
      );
      expect(templates.find((template) => template.templateId === 'digest-plain')).toMatchObject({
        subject: 'Plain',
        html: '<p>Plain</p>',
        internal: '',
        default: false,
      });
    });

    it('templates.getTemplate', async () => {
      await suite.client.templates.createTemplate('digest', EMAIL, {
        templateId: 'digest-read',
        subject: 'Read me',
        html: '<p>Read</p>',
        internal: '{"editor":"bee"}',
      });

      const template = expectComplete(
        await suite.client.templates.getTemplate('digest', EMAIL, 'digest-read'),
        instanceOfGetTemplatesListResponseInnerAnyOf,
      );

      expect(template).toMatchObject({
        templateId: 'digest-read',
        channel: 'EMAIL',
        subject: 'Read me',
        internal: '{"editor":"bee"}',
      });
      // SMS and in-app templates, in the fields the SDK names (text; redirectURL, imageURL).
      await suite.client.templates.createTemplate('digest', ChannelsEnum.SMS, {
        templateId: 'digest-sms',
        text: 'News: {{headline}}',
      });
      await suite.client.templates.createTemplate('digest', ChannelsEnum.INAPP_WEB, {
        templateId: 'digest-inapp',
        title: 'News',
        redirectURL: 'https://app.example.com/news',
      });

      const sms = expectComplete(
        await suite.client.templates.getTemplate('digest', ChannelsEnum.SMS, 'digest-sms'),
        instanceOfGetTemplatesListResponseInnerAnyOf2,
      );
      const inapp = expectComplete(
        await suite.client.templates.getTemplate('digest', ChannelsEnum.INAPP_WEB, 'digest-inapp'),
        instanceOfGetTemplatesListResponseInnerAnyOf1,
      );

      expect(sms.text).toBe('News: {{headline}}');
      expect(inapp).toMatchObject({
        title: 'News',
        redirectURL: 'https://app.example.com/news',
        imageURL: '',
        instant: { title: 'News', redirectURL: 'https://app.example.com/news', imageURL: '' },
      });
    });

    it('templates.updateTemplate', async () => {
      await suite.client.templates.createTemplate('digest', EMAIL, {
        templateId: 'digest-edit',
        subject: 'Draft',
        html: '<p>Draft</p>',
      });

      const updated = expectComplete(
        await suite.client.templates.updateTemplate('digest', EMAIL, 'digest-edit', {
          subject: 'Final',
          internal: '{"v":2}',
        }),
        instanceOfTemplate,
      );

      expect(updated).toMatchObject({ templateId: 'digest-edit', default: false });
      expect(
        await suite.client.templates.getTemplate('digest', EMAIL, 'digest-edit'),
      ).toMatchObject({ subject: 'Final', html: '<p>Draft</p>', internal: '{"v":2}' });
    });

    it('templates.setDefaultTemplate', async () => {
      await suite.client.templates.createTemplate('digest', EMAIL, {
        templateId: 'digest-daily',
        subject: 'Daily',
        html: '<p>Daily</p>',
      });

      const chosen = expectComplete(
        await suite.client.templates.setDefaultTemplate('digest', EMAIL, {
          templateId: 'digest-daily',
          modes: [
            SetDefaultTemplateRequestModesEnum.DAILY,
            SetDefaultTemplateRequestModesEnum.WEEKLY,
          ],
        }),
        instanceOfTemplate,
      );

      expect(chosen).toMatchObject({
        templateId: 'digest-daily',
        default: false,
        isDefaultFor: { instant: false, daily: true, weekly: true },
      });
      expect(
        await suite.client.templates.getTemplate('digest', EMAIL, 'digest-main'),
      ).toMatchObject({
        default: true,
        isDefaultFor: { instant: true, hourly: true, daily: false, weekly: false, monthly: true },
      });
    });

    it('templates.deleteTemplate', async () => {
      await suite.client.templates.createTemplate('digest', EMAIL, {
        templateId: 'digest-gone',
        subject: 'Gone',
        html: '<p>Gone</p>',
      });

      await suite.client.templates.deleteTemplate('digest', EMAIL, 'digest-gone');

      expect(
        await failureOf(suite.client.templates.getTemplate('digest', EMAIL, 'digest-gone')),
      ).toEqual({ status: 404, body: errorObject('NOT_FOUND') });
    });
  });

  describe('push settings', () => {
    const fcmPrivateKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const apnPrivateKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const serviceAccount = {
      type: 'service_account',
      project_id: 'pingram-app',
      private_key_id: 'key-1',
      private_key: fcmPrivateKey,
      client_email: 'push@pingram-app.iam.gserviceaccount.com',
      token_uri: 'https://oauth2.googleapis.com/token',
    };
    const apnConfig = {
      KeyId: 'KEY1234567',
      Key: apnPrivateKey,
      TeamId: 'TEAM123456',
      Topic: 'com.pingram.app',
    };
    /** The private key never comes back, in any form. */
    const expectNoPrivateKey = (answer: object) => {
      expect(JSON.stringify(answer)).not.toContain('PRIVATE KEY');
    };

    it('pushSettings.upsertPushFcmSettings', async () => {
      const saved = expectComplete(
        await suite.client.pushSettings.upsertPushFcmSettings({
          fcmConfig: JSON.stringify(serviceAccount),
        }),
        instanceOfPushSettingsFCMResponse,
      );

      expect(JSON.parse(saved.fcmConfig)).toMatchObject({
        project_id: 'pingram-app',
        client_email: 'push@pingram-app.iam.gserviceaccount.com',
      });
      expectNoPrivateKey(saved);
    });

    it('pushSettings.getPushFcmSettings', async () => {
      await suite.client.pushSettings.upsertPushFcmSettings({
        fcmConfig: JSON.stringify(serviceAccount),
      });

      const read = expectComplete(
        await suite.client.pushSettings.getPushFcmSettings(),
        instanceOfPushSettingsFCMResponse,
      );

      expect(JSON.parse(read.fcmConfig)).toMatchObject({ project_id: 'pingram-app' });
      expectNoPrivateKey(read);
    });

    it('pushSettings.deletePushFcmSettings', async () => {
      await suite.client.pushSettings.upsertPushFcmSettings({
        fcmConfig: JSON.stringify(serviceAccount),
      });

      await suite.client.pushSettings.deletePushFcmSettings();

      const read = expectComplete(
        await suite.client.pushSettings.getPushFcmSettings(),
        instanceOfPushSettingsFCMResponse,
      );
      expect(JSON.parse(read.fcmConfig)).toEqual({});
    });

    it('pushSettings.upsertPushApnSettings', async () => {
      const saved = expectComplete(
        await suite.client.pushSettings.upsertPushApnSettings(apnConfig),
        instanceOfAPNConfig,
      );

      expect(saved).toMatchObject({
        KeyId: 'KEY1234567',
        TeamId: 'TEAM123456',
        Topic: 'com.pingram.app',
        Key: '',
      });
      expectNoPrivateKey(saved);
    });

    it('pushSettings.getPushApnSettings', async () => {
      await suite.client.pushSettings.upsertPushApnSettings(apnConfig);

      const read = expectComplete(
        await suite.client.pushSettings.getPushApnSettings(),
        instanceOfAPNConfig,
      );

      expect(read).toMatchObject({ KeyId: 'KEY1234567', Topic: 'com.pingram.app' });
      expectNoPrivateKey(read);
    });

    it('pushSettings.deletePushApnSettings', async () => {
      await suite.client.pushSettings.upsertPushApnSettings(apnConfig);

      await suite.client.pushSettings.deletePushApnSettings();

      expect(
        expectComplete(await suite.client.pushSettings.getPushApnSettings(), instanceOfAPNConfig),
      ).toEqual({ KeyId: '', Key: '', TeamId: '', Topic: '' });
    });
  });
});
