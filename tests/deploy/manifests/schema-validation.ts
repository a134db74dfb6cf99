import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import ts from 'typescript';
import { describeObject, K8sObject, ROOT } from './rendered-objects';
import { schemaModuleOf } from './schema-modules';

/**
 * Every problem the Kubernetes schemas find in the objects, like `kubeconform -strict`: a kind
 * with no schema, a value the schema's validator refuses, and (the strict part) a field the
 * schema does not define. The kubernetes-models validators allow unknown fields, so the field
 * check is TypeScript's: each object becomes an object literal typed as its model's interface,
 * and an excess property is a type error, at any depth.
 */
export function schemaProblems(objects: LabelledObject[]): string[] {
  const modelled = objects.map((o) => ({ ...o, module: schemaModuleOf(o.object) }));
  const unknownKinds = modelled
    .filter((m) => m.module === undefined)
    .map((m) => `${m.label}: no schema for ${m.object.apiVersion} ${m.object.kind}`);
  const known = modelled.filter((m): m is Modelled => m.module !== undefined);
  return [...unknownKinds, ...validatorProblems(known), ...fieldProblems(known)];
}

/** An object and how a problem names it (`us: Deployment/gateway`). */
export interface LabelledObject {
  label: string;
  object: K8sObject;
}

export const labelled = (source: string, objects: K8sObject[]): LabelledObject[] =>
  objects.map((object) => ({ label: `${source}: ${describeObject(object)}`, object }));

interface Modelled extends LabelledObject {
  module: string;
}

function validatorProblems(entries: Modelled[]): string[] {
  const input = entries.map(({ object, module }) => ({ module, kind: object.kind, object }));
  const output = execFileSync(process.execPath, [join(__dirname, 'validate-models.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  const results = JSON.parse(output) as string[][];
  return entries.flatMap(({ label }, i) =>
    (results[i] ?? []).map((message) => `${label}: ${message}`),
  );
}

/** A source file of one typed literal per line: `const o<i>: I<Kind> = {...};`. */
function typedLiterals(entries: Modelled[]): string {
  const imports = entries.map(
    ({ object, module }, i) => `import type { I${object.kind} as T${i} } from '${module}';`,
  );
  const literals = entries.map(
    ({ object }, i) => `export const o${i}: T${i} = ${JSON.stringify(object)};`,
  );
  return [...imports, ...literals].join('\n');
}

function fieldProblems(entries: Modelled[]): string[] {
  const fileName = join(ROOT, 'tests/deploy/manifests/rendered-objects.generated.ts');
  const source = typedLiterals(entries);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (f) => f === fileName || ts.sys.fileExists(f);
  host.readFile = (f) => (f === fileName ? source : readFile(f));
  host.getSourceFile = (f, language) =>
    f === fileName ? ts.createSourceFile(f, source, language) : getSourceFile(f, language);
  const program = ts.createProgram([fileName], options, host);
  const firstLiteralLine = entries.length;
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    if (d.file?.fileName !== fileName || d.start === undefined) return message;
    const line = d.file.getLineAndCharacterOfPosition(d.start).line;
    const entry = entries[line - firstLiteralLine];
    return entry ? `${entry.label}: ${message}` : message;
  });
}
