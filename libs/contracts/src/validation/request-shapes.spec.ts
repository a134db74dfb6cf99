import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AccountPatchDto } from '../billing/account-details.dto';
import { UpdateEnvironmentDto } from '../billing/environment-requests.dto';
import { InappStatusUpdateDto } from '../inapp/inapp-updates.dto';
import { NotificationSettingsPatchDto } from '../notification-types/notification-settings.dto';
import { PreferencesBodyDto } from '../preferences/preference.dto';
import { SendEmailOptionsDto } from '../send/send-options.dto';
import { SendEmailRequestDto, SendSmsRequestDto } from '../send/direct-send.dto';
import { SendDto } from '../send/send.dto';
import { SlackMetadataDto } from '../send/send-slack-content.dto';
import { TestEmailRequestDto } from '../send/test-email-request.dto';
import { UserFieldsDto } from '../users/user-fields.dto';
import { VoiceBrowserCallDto } from '../voice/voice-call.dto';

/** The property paths validation names, as the gateway's pipe validates a body. */
function refusedPaths(dto: ClassConstructor<object>, body: object): string[] {
  const errors = validateSync(plainToInstance(dto, body), {
    whitelist: true,
    forbidNonWhitelisted: true,
  });
  return errors.map((error) => error.property);
}

// Bodies the OpenAPI fuzz suite (tests/e2e/fuzz) found answered 500: each reached a service.
describe('request bodies the fuzz suite found', () => {
  it.each<[string, ClassConstructor<object>, object, string]>([
    ['PATCH /environments/{clientId}', UpdateEnvironmentDto, { secureMode: null }, 'secureMode'],
    ['PATCH /environments/{clientId}', UpdateEnvironmentDto, { title: null }, 'title'],
    ['PATCH /account', AccountPatchDto, { autoUpgrade: null }, 'autoUpgrade'],
    ['PATCH /types/{notificationId}', NotificationSettingsPatchDto, { enabled: null }, 'enabled'],
    ['PATCH /types/{notificationId}', NotificationSettingsPatchDto, { options: null }, 'options'],
    ['POST /voice/browser-call', VoiceBrowserCallDto, { variables: null }, 'variables'],
    ['POST /send', SendDto, { type: 'welcome', secondaryId: null }, 'secondaryId'],
    ['POST /send', SendDto, { type: 'welcome', subNotificationId: null }, 'subNotificationId'],
    ['POST /send', SendDto, { type: 'welcome', schedule: null }, 'schedule'],
    ['POST /users/{userId}', UserFieldsDto, { id: null }, 'id'],
    ['POST /send', SendDto, { type: 'welcome', options: { condition: null } }, 'options'],
    [
      'POST /send',
      SendDto,
      { type: 'welcome', options: { email: { condition: null } } },
      'options',
    ],
    ['POST /send', SendDto, { type: 'welcome', to: { id: [[]], email: 'a@example.com' } }, 'to'],
    ['POST /send', SendDto, { type: 'welcome', to: { id: 7, number: '+15005550006' } }, 'to'],
  ])(
    '%s refuses an explicit null, or a value of the wrong type, where it cannot be stored (%j)',
    (_, dto, body, path) => {
      expect(refusedPaths(dto, body)).toContain(path);
    },
  );

  it('PATCH /types/{notificationId} still clears a nullable setting with null', () => {
    const body = { deduplication: null, throttling: null, retention: null };
    expect(refusedPaths(NotificationSettingsPatchDto, body)).toEqual([]);
  });

  it.each<[string, ClassConstructor<object>, string]>([
    ['POST /users/{userId}/preferences', PreferencesBodyDto, 'preferences'],
    ['POST /users/{userId}', UserFieldsDto, 'pushTokens'],
    ['POST /users/{userId}', UserFieldsDto, 'webPushTokens'],
    ['PATCH /user/inapp', InappStatusUpdateDto, 'replies'],
    ['POST /send options.email', SendEmailOptionsDto, 'attachments'],
    ['POST /send slack.metadata', SlackMetadataDto, 'entities'],
  ])('%s refuses an array inside the array of objects %s', (_, dto, path) => {
    expect(refusedPaths(dto, { [path]: [[]] })).toContain(path);
  });

  // options: [{}] already fails in class-transformer; the gateway's pipe answers that one 400.
  it.each(['to', 'user', 'email', 'inapp', 'sms', 'call', 'web_push', 'mobile_push', 'slack'])(
    'POST /send refuses an array of objects in place of the object %s',
    (property) => {
      expect(refusedPaths(SendDto, { type: 'welcome', [property]: [{}] })).toContain(property);
    },
  );

  it.each<[string, ClassConstructor<object>, object, string]>([
    ['POST /send', SendDto, { type: 'x'.repeat(201) }, 'type'],
    ['POST /send', SendDto, { notificationId: 'x'.repeat(201) }, 'notificationId'],
    [
      'POST /send',
      SendDto,
      { type: 'welcome', subNotificationId: 'x'.repeat(201) },
      'subNotificationId',
    ],
    ['POST /sms', SendSmsRequestDto, { type: 'x'.repeat(201) }, 'type'],
    ['POST /send', SendDto, { type: 'welcome', to: { id: 'x'.repeat(1_001) } }, 'to'],
    ['POST /email', SendEmailRequestDto, { type: 'x'.repeat(201) }, 'type'],
  ])(
    '%s refuses a type id longer than 200 characters (a 1 MB one overflowed the type index) %#',
    (_, dto, body, path) => {
      expect(refusedPaths(dto, body)).toContain(path);
    },
  );

  it('POST /sender/test/email refuses a notificationId longer than a type id may be', () => {
    const body = { to: 'a@example.com', subject: 's', html: '<p>x</p>' };
    expect(refusedPaths(TestEmailRequestDto, { ...body, notificationId: 'x'.repeat(200) })).toEqual(
      [],
    );
    expect(refusedPaths(TestEmailRequestDto, { ...body, notificationId: 'x'.repeat(201) })).toEqual(
      ['notificationId'],
    );
  });
});
