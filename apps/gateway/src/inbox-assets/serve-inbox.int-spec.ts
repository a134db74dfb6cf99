import { createHash } from 'node:crypto';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { LightMyRequestResponse } from 'fastify';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';
import { inboxAssetsDir } from './serve-inbox';

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(response: LightMyRequestResponse): Map<string, string[]> {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

// Needs the built inbox (node tools/build.mjs), which the demo page embeds.
describe('the demo inbox page and the inbox assets', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  const get = (url: string) => gateway.inject({ method: 'GET', url });

  beforeAll(async () => {
    expect(inboxAssetsDir()).toBeDefined();
    gateway = await startGateway(namespace);
  });

  afterAll(async () => {
    await gateway?.close();
    await dropTestNamespace(namespace);
  });

  it('serves /demo/inbox under a strict Content-Security-Policy, never framed or sniffed', async () => {
    const page = await get('/demo/inbox?clientId=c1&userId=ada&theme=dark');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const csp = directivesOf(page);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    // The inbox's script, API and stream, and its service worker, all on this origin.
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    const scriptSources = csp.get('script-src') ?? [];
    expect(scriptSources).toContain("'self'");
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
    // Every inline script of the page is allowed by its hash, and nothing else inline is.
    const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) {
      const hash = createHash('sha256').update(script).digest('base64');
      expect(scriptSources).toContain(`'sha256-${hash}'`);
    }
    expect(scriptSources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(
      new Set(inline).size,
    );
  });

  it('serves the inbox bundles and the service worker unsniffed and never framed', async () => {
    for (const asset of ['clarion-inbox.iife.js', 'clarion-inbox.js', 'clarion-sw.js']) {
      const response = await get(`/inbox/${asset}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('never serves source maps: they are 404 like any file it does not have', async () => {
    for (const map of ['clarion-inbox.iife.js.map', 'clarion-inbox.js.map', 'clarion-sw.js.map']) {
      const response = await get(`/inbox/${map}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    }
    const script = await get('/inbox/clarion-inbox.iife.js');
    expect(script.body).not.toMatch(/sourceMappingURL/);
  });
});
