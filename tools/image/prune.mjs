#!/usr/bin/env node
// `node tools/image/prune.mjs <service>` (after `node tools/build.mjs`): writes dist/images/<service>/
// with only what that service runs: a package.json and package-lock.json holding the external
// packages its production files import (its own and its libs', found through the Nx project graph)
// and the dist/ files of the app and those libs. The Dockerfile installs from that lockfile with
// `npm ci --omit=dev` and copies the folder as the image's /app.
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionFileMap, projectClosure, readWorkspaceGraph } from './runtime-files.mjs';

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Built files a service reads at run time that no import names. */
const EXTRA_DIST = {
  // The embeddable inbox (Vite's output) that the gateway serves at /inbox/*.
  gateway: ['dist/inbox'],
};

/**
 * The root's overrides as npm can apply them to the pruned manifest. A `$pkg` reference works
 * only while pkg is a dependency: dropped otherwise (nothing in the image needs it then). Nx drops
 * an override of a direct dependency, but a `$pkg` one is what pins nested copies to that version
 * (fastify under @nestjs/platform-fastify): without it the lockfile's tree would not satisfy
 * npm, which would re-resolve instead of installing what was locked.
 */
function applicableOverrides(rootOverrides, manifest) {
  const deps = manifest.dependencies ?? {};
  const kept = Object.entries(rootOverrides ?? {}).filter(([name, spec]) =>
    typeof spec === 'string' && spec.startsWith('$')
      ? spec.slice(1) in deps
      : !(name in deps) || manifest.overrides?.[name] === spec,
  );
  if (kept.length > 0) manifest.overrides = Object.fromEntries(kept);
  else delete manifest.overrides;
}

async function prunedManifest(service, graph, fileMap, outDir) {
  const { createPackageJson, generatePrunedDeployOutput } = require('nx/src/devkit-internals');
  const rootManifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  /** @type {ReturnType<typeof createPackageJson> & { engines?: unknown }} */
  const manifest = createPackageJson(service, graph, { isProduction: true, root }, fileMap);
  manifest.name = `clarion-${service}`;
  manifest.version = rootManifest.version;
  manifest.private = true;
  manifest.license = rootManifest.license;
  manifest.engines = rootManifest.engines;
  applicableOverrides(rootManifest.overrides, manifest);
  generatePrunedDeployOutput(manifest, graph, graph.nodes[service].data.root, {
    outputDirectory: outDir,
    packageManager: 'npm',
    workspaceRoot: root,
  });
  await writeFile(join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function copyDist(service, projects, graph, outDir) {
  const folders = [
    ...projects.map((p) => join('dist', graph.nodes[p].data.root)),
    ...(EXTRA_DIST[service] ?? []),
  ];
  for (const folder of folders) {
    await stat(join(root, folder)).catch(() => {
      throw new Error(`${folder} is missing: run node tools/build.mjs first`);
    });
    await cp(join(root, folder), join(outDir, folder), { recursive: true });
  }
  return folders;
}

export async function prune(service) {
  const { graph, projectFileMap } = await readWorkspaceGraph();
  const node = graph.nodes[service];
  if (node?.type !== 'app' || !node.data.root.startsWith('apps/'))
    throw new Error(`"${service}" is not an app under apps/`);
  const fileMap = productionFileMap(projectFileMap);
  const outDir = join(root, 'dist', 'images', service);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const manifest = await prunedManifest(service, graph, fileMap, outDir);
  const projects = projectClosure(service, graph, fileMap);
  const folders = await copyDist(service, projects, graph, outDir);
  return { outDir, manifest, projects, folders };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const service = process.argv[2];
  if (!service) {
    console.error('usage: node tools/image/prune.mjs <service>');
    process.exit(2);
  }
  try {
    const { outDir, manifest, folders } = await prune(service);
    const count = Object.keys(manifest.dependencies ?? {}).length;
    console.error(`prune: ${service}: ${count} packages, ${folders.join(' ')} -> ${outDir}`);
  } catch (error) {
    console.error(`prune: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
