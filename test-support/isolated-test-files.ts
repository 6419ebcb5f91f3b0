/**
 * Test files that mock modules or stub globals. Every other file shares its worker process with the files
 * run before it (vitest `isolate: false`: Koa, knex and the scorer are loaded once per worker, not once per
 * file); these run in a fresh process each, so that their mocks reach nothing else.
 */
export const ISOLATED_TEST_FILES = ['web/src/route-table.test.ts', 'web/src/api/client.test.ts', 'api/commands/reset-password.test.ts'];

/** What makes a file need its own process. */
export const NEEDS_ISOLATION = /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/;
