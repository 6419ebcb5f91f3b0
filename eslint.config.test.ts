import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Type information is not needed for the walls; without it a made-up file path can be linted.
const eslint = new ESLint({
  cwd: import.meta.dirname,
  overrideConfig: [
    { languageOptions: { parserOptions: { projectService: false } } },
    { files: ['**/*.ts', '**/*.tsx'], rules: { '@typescript-eslint/no-floating-promises': 'off' } },
  ],
});

/** The messages of the given rules for `code` linted as if it were the file at `filePath`. */
async function errorsOf(rules: readonly string[], filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && rules.includes(m.ruleId)).map((m) => m.message);
}

const wallErrors = (filePath: string, code: string) => errorsOf(['boundaries/dependencies', 'no-restricted-imports'], filePath, code);
const globalErrors = (filePath: string, code: string) => errorsOf(['no-restricted-globals'], filePath, code);

describe('import walls (eslint.config.js)', () => {
  it.each([
    ['db/probe.ts', "import type { ProjectText } from '../pipeline/llm/llm-port.ts';\nexport type T = ProjectText;\n"],
    ['db/probe.ts', "import { getConfig } from '../config.ts';\nexport const c = getConfig;\n"],
    ['pipeline/notify/probe.ts', "import { AppError } from '../../api/errors.ts';\nexport const e = AppError;\n"],
    ['api/probe.ts', "import { buildProgram } from '../cli/main.ts';\nexport const p = buildProgram;\n"],
    ['domain/probe.ts', "import { getConfig } from '../config.ts';\nexport const c = getConfig;\n"],
    ['domain/probe.ts', "import type { UserRow } from '../db/users.ts';\nexport type U = UserRow;\n"],
    ['web/src/lib/probe.ts', "import { AppError } from '../../../api/errors.ts';\nexport const e = AppError;\n"],
    ['web/src/probe.ts', "import { getConfig } from '../../config.ts';\nexport const c = getConfig;\n"],
    ['api/probe.ts', "import { buildUser } from '../test-support/factories.ts';\nexport const b = buildUser;\n"],
    ['domain/probe.ts', "import { secretKeysFor } from '../secret-keys.ts';\nexport const s = secretKeysFor;\n"],
    ['web/src/lib/probe.test.ts', "import { createApp } from '../../../api/app.ts';\nexport const a = createApp;\n"],
  ])('refuses %s importing against the direction (%#)', async (filePath, code) => {
    expect(await wallErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['cli/probe.ts', "import { AppError } from '../api/errors.ts';\nimport { getConfig } from '../config.ts';\nexport const x = [AppError, getConfig];\n"],
    ['api/probe.ts', "import { notify } from '../pipeline/notify/notify-stage.ts';\nexport const n = notify;\n"],
    ['db/probe.ts', "import { LANGUAGES } from '../domain/languages.ts';\nexport const l = LANGUAGES;\n"],
    ['web/src/probe.ts', "import { LANGUAGES } from '../../domain/languages.ts';\nexport const l = LANGUAGES;\n"],
    ['api/probe.test.ts', "import { buildUser } from '../test-support/factories.ts';\nexport const b = buildUser;\n"],
    ['web/e2e/probe.ts', "import { createApp } from '../../api/app.ts';\nexport const a = createApp;\n"],
    ['web/src/lib/probe.test.ts', "import { LANGUAGES } from '../../../domain/languages.ts';\nexport const l = LANGUAGES;\n"],
  ])('lets %s import along the direction (%#)', async (filePath, code) => {
    expect(await wallErrors(filePath, code)).toEqual([]);
  });
});

describe('globals walls (eslint.config.js)', () => {
  it.each([
    ['web/src/lib/probe.ts', 'export const home = process.env.HOME;\n'],
    ['web/src/lib/probe.ts', "export const bytes = Buffer.from('a');\n"],
    ['domain/probe.ts', 'export const here = __dirname;\n'],
    ['api/probe.ts', 'export const title = document.title;\n'],
    ['pipeline/probe.ts', "export const saved = localStorage.getItem('a');\n"],
    ['domain/probe.ts', 'export const width = window.innerWidth;\n'],
  ])('refuses %s a global of the other side (%#)', async (filePath, code) => {
    expect(await globalErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['web/src/lib/probe.ts', 'export const title = document.title;\n'],
    ['api/probe.ts', 'export const home = process.env.HOME;\n'],
    ['web/src/lib/probe.test.ts', 'export const home = process.env.HOME;\n'],
    ['api/probe.browser.test.ts', 'export const title = () => document.title;\n'],
    // A local binding of the same name is no global.
    ['web/src/lib/probe.ts', 'const process = { pending: true };\nexport const pending = process.pending;\n'],
  ])('lets %s use the globals of its own side (%#)', async (filePath, code) => {
    expect(await globalErrors(filePath, code)).toEqual([]);
  });
});
