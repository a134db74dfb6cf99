import { INestApplicationContext } from '@nestjs/common';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { MediaServer } from '../media/media-server';
import { VoiceEnv } from '../voice.env';
import { VoiceModule } from '../voice.module';
import { NumbersStandIn } from './numbers-stand-in';

export interface VoiceSuite {
  namespace: string;
  database: TestDatabase;
  numbers: NumbersStandIn;
  voice: INestApplicationContext;
  messaging: MessagingClient;
  /** The port the media server picked (VOICE_MEDIA_PORT is 0). */
  mediaPort: number;
  /** Stops the voice service before the suite ends (a test of its shutdown); once, however often asked. */
  stopVoice(): Promise<void>;
}

/**
 * For an integration suite of the voice service: before its tests, a database and NATS namespace
 * of its own, the numbers stand-in and the voice service with `extraEnv`; after them, all stopped
 * and removed. `extraEnv` may be a function, read when the service boots (after the suite's
 * earlier hooks started the peers it names). Read the handle inside tests and hooks.
 */
export function runVoiceForSuite(
  extraEnv: Record<string, string> | (() => Record<string, string>) = {},
): VoiceSuite {
  const namespace = createTestNamespace();
  let stopped: Promise<void> | undefined;
  const suite = {
    namespace,
    stopVoice: () => (stopped ??= suite.voice.close()),
  } as VoiceSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase();
    suite.numbers = await NumbersStandIn.start(namespace);
    suite.voice = await bootService(
      VoiceModule.forRoot(
        testEnv(VoiceEnv, {
          namespace,
          databaseUrl: suite.database.url,
          VOICE_MEDIA_PORT: '0',
          ...(typeof extraEnv === 'function' ? extraEnv() : extraEnv),
        }),
      ),
    );
    await suite.voice.init();
    suite.messaging = suite.voice.get(MessagingClient);
    suite.mediaPort = suite.voice.get(MediaServer).port;
  });
  afterAll(async () => {
    await suite.stopVoice();
    await suite.numbers.close();
    await Promise.all([suite.database.drop(), dropTestNamespace(namespace)]);
  });
  return suite;
}
