import { BaseEnv } from './base-env';
import { loadEnv } from './load-env';
import { natsServersOf } from './nats-servers';

describe(natsServersOf.name, () => {
  it('reads one URL, or every node of a cluster separated by commas', () => {
    expect(natsServersOf('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222']);
    expect(natsServersOf('nats://a:4222, nats://b:4222,nats://c:4222,')).toEqual([
      'nats://a:4222',
      'nats://b:4222',
      'nats://c:4222',
    ]);
  });
});

describe('BaseEnv NATS settings', () => {
  it('takes a list of servers and a replica count from 1 to 5', () => {
    const sut = loadEnv(BaseEnv, {
      NATS_URL: 'nats://n1:4222,nats://n2:4222,nats://n3:4222',
      NATS_STREAM_REPLICAS: '3',
    });

    expect(natsServersOf(sut.NATS_URL)).toHaveLength(3);
    expect(sut.NATS_STREAM_REPLICAS).toBe(3);
    expect(loadEnv(BaseEnv, {}).NATS_STREAM_REPLICAS).toBe(1);
  });

  it.each(['0', '7', '2.5', 'three'])(
    'fails boot on NATS_STREAM_REPLICAS=%s, saying why',
    (value) => {
      expect(() => loadEnv(BaseEnv, { NATS_STREAM_REPLICAS: value })).toThrow(
        /^ {2}NATS_STREAM_REPLICAS=\S+: NATS_STREAM_REPLICAS must be a whole number from 1 \(a single NATS server\) to 5 \(the most JetStream keeps\)$/m,
      );
    },
  );

  it('fails boot on a list with an entry that is not a nats:// URL', () => {
    expect(() => loadEnv(BaseEnv, { NATS_URL: 'nats://n1:4222,n2:4222' })).toThrow(
      /NATS_URL="nats:\/\/n1:4222,n2:4222": NATS_URL must be a nats:\/\/ URL, or several/,
    );
  });
});
