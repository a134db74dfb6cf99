import { INestApplicationContext } from '@nestjs/common';
import {
  bootService,
  createTestDatabase,
  dropTestNamespace,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { NotificationsEnv } from '../notifications.env';
import { NotificationsModule } from '../notifications.module';

export interface NotificationsUnderTest {
  app: INestApplicationContext;
  database: TestDatabase;
}

/** A started notifications service on a database of its own, in the test's namespace. */
export async function startNotifications(namespace: string): Promise<NotificationsUnderTest> {
  const database = await createTestDatabase();
  const app = await bootService(
    NotificationsModule.forRoot(
      testEnv(NotificationsEnv, { namespace, databaseUrl: database.url }),
    ),
  );
  await app.init();
  return { app, database };
}

/** Stops it and removes its database and the namespace's streams. */
export async function stopNotifications(
  { app, database }: NotificationsUnderTest,
  namespace: string,
): Promise<void> {
  await app.close();
  await Promise.all([database.drop(), dropTestNamespace(namespace)]);
}
