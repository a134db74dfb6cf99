import { AccountResponseDto } from '@clarion/contracts';
import {
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  RunningSystem,
  SseFrame,
  SseReader,
  TestDatabase,
} from '@clarion/testing';
import { ApiClient } from './api-client';

type Entry = { id: string; title: string; seen: boolean; opened?: string; cursor: string };
const json = <T>(frame: SseFrame) => JSON.parse(frame.data) as T;

describe('the in-app stream of the running system, read with a plain fetch-based SSE client', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let system: RunningSystem;
  let account: AccountResponseDto;
  let api: ApiClient;
  let ada: ApiClient;
  let clientId: string;
  const readers: SseReader[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    system = new RunningSystem({ databaseUrl: database.url, namespace });
    await system.start();
    account = system.createAccount('Acme', 'owner@acme.test');
    api = ApiClient.withApiKey(system.baseUrl, account.apiKey);
    const environments = await api.call<{ clientId: string }[]>('GET', '/environments');
    clientId = environments.body[0]!.clientId;
    ada = ApiClient.asEndUser(system.baseUrl, clientId, 'ada');
  });

  afterAll(async () => {
    // A stream open while the system stops is asked to reconnect before the gateway closes.
    const open = await openWithToken();
    const exitCode = await system.stop();
    await open.end();
    expect(open.of('reconnect')).toHaveLength(1);
    readers.forEach((reader) => reader.close());
    await Promise.all([database.drop(), dropTestNamespace(namespace)]);
    expect(exitCode).toBe(0);
  });

  async function openWithToken(lastEventId?: string): Promise<SseReader> {
    const { status, body } = await ada.call<{ token: string; expiresAt: string }>(
      'POST',
      '/user/inapp/stream-token',
    );
    expect(status).toBe(200);
    const reader = await SseReader.open(
      `${system.baseUrl}/user/inapp/stream?token=${encodeURIComponent(body.token)}`,
      lastEventId ? { 'last-event-id': lastEventId } : {},
    );
    readers.push(reader);
    expect(reader.status).toBe(200);
    await reader.next((frame) => frame.event === 'ready');
    return reader;
  }

  async function send(title: string): Promise<string> {
    const { status, body } = await api.call<{ trackingId: string }>('POST', '/send', {
      type: 'live',
      to: { id: 'ada' },
      forceChannels: ['INAPP_WEB'],
      inapp: { title },
    });
    expect(status).toBe(200);
    return body.trackingId;
  }

  const entryFrame = (reader: SseReader, id: string, from = 0) =>
    reader.next((f) => f.event === 'notification' && json<Entry>(f).id === id, { from });

  it('shows a new notification live, then its status change and the unread count', async () => {
    const stream = await openWithToken();
    expect(json(stream.of('ready')[0]!)).toEqual({ unread: 0 });

    const trackingId = await send('Your order shipped');
    const created = json<Entry>(await entryFrame(stream, trackingId));
    expect(created).toMatchObject({ id: trackingId, title: 'Your order shipped', seen: false });
    await stream.next((f) => f.event === 'unread' && json<{ unread: number }>(f).unread === 1);

    const from = stream.frames.length;
    const opened = new Date().toISOString();
    const patched = await ada.call('PATCH', '/user/inapp', { trackingIds: [trackingId], opened });
    expect(patched.status).toBe(200);
    expect(json<Entry>(await entryFrame(stream, trackingId, from))).toMatchObject({
      opened,
      seen: true,
    });
    await stream.next((f) => f.event === 'unread' && json<{ unread: number }>(f).unread === 0, {
      from,
    });
    stream.close();
  });

  it('replays everything missed when the client comes back with Last-Event-ID', async () => {
    const stream = await openWithToken();
    const before = await send('Before the tunnel');
    const lastId = (await entryFrame(stream, before)).id!;
    stream.close();
    const missed = [await send('In the tunnel 1'), await send('In the tunnel 2')];
    // Both stored before the client is back.
    await waitFor(
      async () => (await ada.call<{ count: number }>('GET', '/user/inapp/unread')).body.count === 3,
    );

    const resumed = await openWithToken(lastId);
    // What changed after the cursor, oldest first; the replay also repeats the changes of the 2 s
    // before it (a write may commit after a newer one), which the client replaces by id.
    const afterCursor = resumed.of('notification').filter((f) => BigInt(f.id!) > BigInt(lastId));
    expect(afterCursor.map((f) => json<Entry>(f).id)).toEqual(missed);
    expect(json(resumed.of('ready')[0]!)).toEqual({ unread: 3 });
    resumed.close();
  });

  it('answers 401 with the error object without credentials or with a bad token', async () => {
    const bare = await SseReader.open(`${system.baseUrl}/user/inapp/stream`);
    expect(bare.status).toBe(401);
    const forged = await SseReader.open(`${system.baseUrl}/user/inapp/stream?token=abc.def`);
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toEqual({
      trackingId: expect.any(String),
      error: {
        code: 'UNAUTHORIZED',
        message: 'The stream token is not valid',
        fix: expect.any(String),
      },
    });
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
