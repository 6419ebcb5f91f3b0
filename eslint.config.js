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
              regex: `^(\\.\\./){${depth}}(config|logger|secret-keys)\\.ts$`,
              message: 'config.ts, logger.ts and secret-keys.ts are for bin, cli, api, pipeline, tests and bench (LAYERS in eslint.config.js)',
            },
          ],
        },
      ],
    },
  }));
}

const elementTypes = (types) => ({ element: { types: { anyOf: types } } });

/**
 * TypeScript knows every global of Node and of the DOM in every file (one program, `types: ["node"]` and `lib: DOM`) and
 * `no-undef` is off for it: these rules keep the browser's code off Node's globals and the server's off the browser's.
 */
const NODE_GLOBALS = ['process', 'Buffer', '__dirname', '__filename', 'require', 'module', 'exports', 'global', 'setImmediate', 'clearImmediate'];
const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'history', 'alert', 'HTMLElement'];
const restrictGlobals = (names, where) => ['error', ...names.map((name) => ({ name, message: `${name} is not available ${where}` }))];

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
    files: ['web/src/**/*.{ts,tsx}', 'web/landing-shell.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': restrictGlobals(NODE_GLOBALS, 'in the browser') },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-globals': restrictGlobals([...NODE_GLOBALS, ...BROWSER_GLOBALS], 'in domain/, which both the server and the browser run') },
  },
  {
    files: ['{bin,cli,api,pipeline,db,bench}/**/*.{js,ts,tsx}', '*.{js,ts}'],
    // A browser test's callbacks run in the page (page.evaluate).
    ignores: ['**/*.browser.test.ts'],
    rules: { 'no-restricted-globals': restrictGlobals(BROWSER_GLOBALS, 'in Node (the server, the CLI and the pipeline)') },
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
            // A server-side test may use the shared fakes and factories and drive the real server end to end, whatever its
            // layer; the SPA's own unit tests stay on its side of the wall (its end-to-end tests, web/e2e/, drive the server).
            {
              from: { file: { categories: 'test' }, element: { types: { anyOf: Object.keys(LAYERS).filter((type) => type !== 'web') } } },
              allow: { to: elementTypes(['test-support', 'cli', 'api', 'pipeline', 'db', 'domain']) },
            },
            { from: { file: { path: 'web/e2e/**' } }, allow: { to: elementTypes(['test-support', 'cli', 'api', 'pipeline', 'db', 'domain']) } },
          ],
        },
      ],
    },
  },
  ...infraWalls(),
);
