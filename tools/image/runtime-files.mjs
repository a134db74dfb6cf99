// What a service runs on, read from the Nx project graph: the workspace projects its production
// files import (directly or through libs), and the file map those imports come from.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Files tools/build.mjs compiles into dist/: sources under src/, without specs and the loopback
 * provider peers (test-peers/) only specs use. The same rule as build.mjs's isTestFile.
 */
export function isProductionSource(file) {
  return (
    /\/src\/.+\.ts$/.test(file) &&
    !file.endsWith('.d.ts') &&
    !/\.(spec|int-spec|e2e-spec)\.ts$/.test(file) &&
    !/\/test-peers\//.test(file)
  );
}

/** The graph and its per-file imports (Nx's file map cache, written by the graph's creation). */
export async function readWorkspaceGraph() {
  process.env.NX_DAEMON ??= 'false';
  process.env.NX_NO_CLOUD ??= 'true';
  const { createProjectGraphAsync } = require('@nx/devkit');
  const { readFileMapCache } = require('nx/src/devkit-internals');
  const graph = await createProjectGraphAsync({ exitOnError: true });
  const projectFileMap = readFileMapCache()?.fileMap?.projectFileMap;
  if (!projectFileMap) throw new Error('the Nx file map cache is missing after creating the graph');
  return { graph, projectFileMap };
}

/**
 * The file map restricted to production sources. Specs import libs/testing and its peers (SMTP,
 * WebSocket fakes); counting them would put every test-only package into every image.
 */
export function productionFileMap(projectFileMap) {
  return Object.fromEntries(
    Object.entries(projectFileMap).map(([project, files]) => [
      project,
      files.filter((f) => isProductionSource(f.file)),
    ]),
  );
}

/** Nx records a file's import as a target name, [target, type] or [source, target, type]. */
function importTarget(dep) {
  if (typeof dep === 'string') return dep;
  return dep.length === 2 ? dep[0] : dep[1];
}

/** The workspace projects (the app first, then its libs) that the app's production files reach. */
export function projectClosure(app, graph, fileMap) {
  const reached = new Set();
  const visit = (project) => {
    if (reached.has(project)) return;
    reached.add(project);
    for (const file of fileMap[project] ?? [])
      for (const dep of file.deps ?? []) {
        const target = importTarget(dep);
        if (graph.nodes[target]) visit(target);
      }
  };
  visit(app);
  return [...reached];
}
