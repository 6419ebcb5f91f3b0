import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The import direction (docs/architecture.md): bin → cli → (api, pipeline) → db; api may drive pipeline
 * stages, never the reverse. domain/ is pure and importable by all; it imports nothing of ours. web/ imports
 * only domain/. config.ts and logger.ts are the process's infrastructure; test-support/ serves tests and bench/.
 */
const LAYERS = {
  bin: ['cli'],
  cli: ['api', 'pipeline', 'db', 'infra', 'domain'],
  api: ['pipeline', 'db', 'infra', 'domain'],
  pipeline: ['db', 'infra', 'domain'],
  db: ['domain'],
  domain: [],
  web: ['domain'],
  'test-support': ['cli', 'api', 'pipeline', 'db', 'infra', 'domain'],
  bench: ['pipeline', 'db', 'infra', 'domain', 'test-support'],
};

/** boundaries classifies folders; the two root files of `infra` are walled off by their path at each depth. */
function infraWalls() {
  const layers = Object.entries(LAYERS)
    .filter(([, allowed]) => !allowed.includes('infra'))
    .map(([type]) => type);
  return [1, 2, 3, 4, 5, 6].map((depth) => ({
    files: layers.flatMap((type) => [`${type}/${'*/'.repeat(depth - 1)}*.{js,ts,tsx}`]),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}(config|logger)\\.ts$`,
              message: 'config.ts and logger.ts are for bin, cli, api, pipeline, tests and bench (LAYERS in eslint.config.js)',
            },
          ],
        },
      ],
    },
  }));
}

const elementTypes = (types) => ({ element: { types: { anyOf: types } } });

export default tseslint.config(
  { ignores: ['node_modules/', 'var/', 'web/dist/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'bin/*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The SPA runs in the browser; its end-to-end tests drive a browser from Node.
    files: ['web/src/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['web/e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': Object.keys(LAYERS)
        .filter((type) => type !== 'infra')
        .map((type) => `${type}/**`),
      'boundaries/elements': [
        ...Object.keys(LAYERS)
          .filter((type) => type !== 'infra')
          .map((type) => ({ type, pattern: `${type}/**`, partialMatch: false })),
      ],
      // web/e2e/ is test code only: its shared helpers (screens.ts) drive the real server like the test files do.
      'boundaries/files': [{ category: 'test', pattern: ['**/*.test.{ts,tsx}', 'web/e2e/**'] }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            ...Object.entries(LAYERS).map(([type, allowed]) => ({
              from: { element: { type } },
              allow: { to: elementTypes([type, ...allowed]) },
            })),
            // A test may use the shared fakes and factories and drive the real server end to end, whatever its layer.
            { from: { file: { categories: 'test' } }, allow: { to: elementTypes(['test-support', 'cli', 'api', 'pipeline', 'db', 'domain']) } },
          ],
        },
      ],
    },
  },
  ...infraWalls(),
);
