import Fastify from 'fastify';
import { trustProxyOf } from './trust-proxy';

/** The client address Fastify derives under a TRUST_PROXY setting, for one forwarded request. */
async function clientAddressUnder(setting: string): Promise<string> {
  const app = Fastify({ trustProxy: trustProxyOf(setting) });
  app.get('/', (request) => ({ ip: request.ip }));
  const response = await app.inject({
    method: 'GET',
    url: '/',
    remoteAddress: '10.0.0.9',
    headers: { 'x-forwarded-for': '192.0.2.1, 198.51.100.7, 10.0.0.5' },
  });
  await app.close();
  return response.json<{ ip: string }>().ip;
}

describe(trustProxyOf.name, () => {
  it.each([
    ['false', '10.0.0.9'],
    ['0', '10.0.0.9'],
    ['1', '10.0.0.5'],
    ['2', '198.51.100.7'],
    ['10.0.0.0/8', '198.51.100.7'],
    ['true', '192.0.2.1'],
  ])('under %s takes the client to be %s', async (setting, client) => {
    await expect(clientAddressUnder(setting)).resolves.toBe(client);
  });
});
