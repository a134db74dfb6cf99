// Unit specs (*.spec.ts) beside the code; integration specs (*.int-spec.ts) against the real
// PostgreSQL and NATS; end-to-end specs (*.e2e-spec.ts) against the whole running system, and
// browser specs (*.browser-spec.ts) in Debian's chromium against it.
const { compilerOptions } = require('./tsconfig.base.json');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    swcrc: false,
  },
];

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias}$`,
    `<rootDir>/${target}`,
  ]),
);

const project = (displayName, testMatch, extra = {}) => ({
  displayName,
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tests'],
  testMatch,
  transform: { '^.+\\.(ts|js)$': swc },
  // ESM-only dependencies (of @fastify/static) are compiled to CommonJS for Jest's module system,
  // and so is the OTLP exporters' transport, whose import('http') Jest's VM cannot load.
  transformIgnorePatterns: [
    '/node_modules/(?!(content-disposition|(@opentelemetry/exporter-metrics-otlp-[a-z]+/node_modules/)?@opentelemetry/otlp-exporter-base)/)',
  ],
  moduleNameMapper,
  setupFiles: ['reflect-metadata'],
  ...extra,
});

const withInfrastructure = {
  globalSetup: '<rootDir>/tests/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/global-teardown.mjs',
};

module.exports = {
  projects: [
    project('unit', ['**/*.spec.ts']),
    project('integration', ['**/*.int-spec.ts'], {
      ...withInfrastructure,
      setupFilesAfterEnv: ['<rootDir>/tests/setup/integration.ts'],
    }),
    project('e2e', ['**/*.e2e-spec.ts'], {
      ...withInfrastructure,
      setupFilesAfterEnv: ['<rootDir>/tests/setup/e2e.ts'],
    }),
    // End-to-end specs that drive Debian's chromium with playwright-core (tests/browser).
    project('browser', ['**/*.browser-spec.ts'], {
      ...withInfrastructure,
      setupFilesAfterEnv: ['<rootDir>/tests/setup/e2e.ts'],
    }),
  ],
};
