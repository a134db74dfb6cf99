import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '..', 'fixtures', 'tls');

/**
 * Certificate and key for loopback TLS peers (localhost, 127.0.0.1, ::1), signed by the test CA
 * that `tools/test.mjs` adds through NODE_EXTRA_CA_CERTS.
 */
export function loopbackTls(): { cert: Buffer; key: Buffer; ca: Buffer } {
  return {
    cert: readFileSync(join(FIXTURES, 'localhost.pem')),
    key: readFileSync(join(FIXTURES, 'localhost-key.pem')),
    ca: readFileSync(join(FIXTURES, 'ca.pem')),
  };
}
