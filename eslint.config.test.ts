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

async function wallErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

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
  ])('refuses %s importing against the direction (%#)', async (filePath, code) => {
    expect(await wallErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['cli/probe.ts', "import { AppError } from '../api/errors.ts';\nimport { getConfig } from '../config.ts';\nexport const x = [AppError, getConfig];\n"],
    ['api/probe.ts', "import { notify } from '../pipeline/notify/notify-stage.ts';\nexport const n = notify;\n"],
    ['db/probe.ts', "import { LANGUAGES } from '../domain/languages.ts';\nexport const l = LANGUAGES;\n"],
    ['web/src/probe.ts', "import { LANGUAGES } from '../../domain/languages.ts';\nexport const l = LANGUAGES;\n"],
    ['api/probe.test.ts', "import { buildUser } from '../test-support/factories.ts';\nexport const b = buildUser;\n"],
  ])('lets %s import along the direction (%#)', async (filePath, code) => {
    expect(await wallErrors(filePath, code)).toEqual([]);
  });
});
