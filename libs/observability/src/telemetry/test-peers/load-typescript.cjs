// Lets a plain Node test child require the TypeScript sources (Jest's module registry bypasses
// Node's loader, which the NodeSDK's deferred packages rely on, so these children run outside it).
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    swcrc: false,
  });
  module._compile(code, filename);
};
