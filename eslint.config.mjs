import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const layers = {
  'type:app': [
    'type:contracts',
    'type:config',
    'type:messaging',
    'type:data',
    'type:observability',
    'type:runtime',
    'type:templating',
    'type:outbound',
    'type:secrets',
    'type:providers',
  ],
  'type:contracts': [],
  // The external providers' protocols written once (Twilio's REST API, its signatures, errors).
  'type:providers': [],
  'type:outbound': [],
  'type:secrets': [],
  'type:templating': ['type:contracts'],
  'type:config': [],
  'type:observability': [],
  'type:messaging': ['type:contracts', 'type:observability'],
  'type:data': ['type:contracts', 'type:observability'],
  'type:runtime': [
    'type:config',
    'type:contracts',
    'type:messaging',
    'type:observability',
    'type:data',
  ],
  'type:testing': [
    'type:config',
    'type:contracts',
    'type:messaging',
    'type:observability',
    'type:data',
    'type:runtime',
    'type:outbound',
  ],
  // The embeddable inbox runs in browsers: it depends on nothing of the backend's, and no app or
  // backend lib may import it (it needs the DOM).
  'type:browser': ['type:browser'],
  'type:e2e': ['*'],
};
const scopes = [
  'gateway',
  'notifications',
  'delivery-workers',
  'numbers',
  'voice',
  'billing',
  'registrations',
  'logs',
].map((app) => ({
  sourceTag: `scope:${app}`,
  onlyDependOnLibsWithTags: [`scope:${app}`, 'scope:shared'],
}));

/** Apps and libs may use the test harness in their specs only. */
function boundaries({ inSpecs }) {
  const byType = Object.entries(layers).map(([sourceTag, allowed]) => ({
    sourceTag,
    onlyDependOnLibsWithTags:
      inSpecs && sourceTag !== 'type:e2e' ? [...allowed, 'type:testing'] : allowed,
  }));
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow: [],
      depConstraints: [
        ...byType,
        ...scopes,
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
        { sourceTag: 'scope:browser', onlyDependOnLibsWithTags: ['scope:browser'] },
      ],
    },
  ];
}

const specs = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test-peers/**/*.ts'];

export default [
  {
    ignores: ['**/dist', '**/node_modules', '**/.data', '**/coverage', '.nx', 'deploy', '**/*.js'],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@nx/enforce-module-boundaries': boundaries({ inSpecs: false }),
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [...specs, 'tests/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries({ inSpecs: true }),
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The plain Node ESM scripts, with the types tsconfig.scripts.json checks them with.
    files: ['**/*.mjs'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: './tsconfig.scripts.json', tsconfigRootDir: import.meta.dirname },
      globals: globals.node,
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      ...js.configs.recommended.rules,
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  prettier,
];
