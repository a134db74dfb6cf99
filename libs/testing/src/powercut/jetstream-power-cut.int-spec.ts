import { connect } from 'nats';
import { NatsOnMount } from './nats-on-mount';
import { cutPower } from './power-cut';
import { PowercutMount } from './powercut-mount';

const PUBLISHES = 2_000;
const STREAM = 'POWERCUT';

/**
 * Issue 38's measurement with plain JetStream: a stream of the default file storage, 2,000
 * publishes each awaited until acknowledged, then a power cut of nats-server and its store.
 * Answers how many of the acknowledged messages the restarted server still has.
 */
async function messagesAfterPowerCut(syncAlways: boolean) {
  const mount = await PowercutMount.mount();
  const nats = await NatsOnMount.start(mount, { syncAlways });
  try {
    const client = await connect({ servers: nats.url });
    const streams = await client.jetstreamManager();
    await streams.streams.add({ name: STREAM, subjects: ['powercut.>'] });
    // As on a server that has run for a while: the stream's own files are on disk; the cut
    // tells only about the messages.
    mount.checkpoint();
    const jetstream = client.jetstream();
    let acknowledged = 0;
    for (let i = 0; i < PUBLISHES; i++) {
      await jetstream.publish('powercut.message', new TextEncoder().encode(`message ${i}`));
      acknowledged++;
    }
    await client.close();
    const dropped = await cutPower(mount, nats.processIds());
    await nats.restart();
    const after = await connect({ servers: nats.url, waitOnFirstConnect: true });
    const manager = await after.jetstreamManager();
    const readable = await manager.streams
      .info(STREAM)
      .then((info) => info.state.messages)
      .catch(() => 0);
    await after.close();
    process.stderr.write(
      `JetStream power cut, sync_interval ${syncAlways ? 'always' : 'default'}: ${acknowledged} acknowledged, ${readable} readable after the cut, ${dropped.writes} writes (${dropped.bytes} bytes) dropped\n`,
    );
    return { acknowledged, readable, dropped };
  } finally {
    await nats.stop();
    await mount.unmount();
  }
}

describe('JetStream on powercut-fs (issue 38)', () => {
  it('loses acknowledged messages at a power cut with the default sync interval', async () => {
    const { acknowledged, readable, dropped } = await messagesAfterPowerCut(false);

    expect(acknowledged).toBe(PUBLISHES);
    expect(dropped.writes).toBeGreaterThan(0);
    expect(readable).toBeLessThan(acknowledged);
  }, 120_000);

  it('keeps every acknowledged message with sync_interval: always', async () => {
    const { acknowledged, readable } = await messagesAfterPowerCut(true);

    expect(readable).toBe(acknowledged);
  }, 120_000);
});
