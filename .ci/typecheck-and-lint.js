// `npm run typecheck`, `npm run lint` and, for `npm test`, both in one process: both need the TypeScript program of
// tsconfig.json (type-aware lint rules), and building it once instead of twice saves ~10 s of CPU on a cold cache.
// Usage: node .ci/typecheck-and-lint.js [--only typecheck|lint] [--fix]. Exit 1 when either found a problem.
import { ESLint } from 'eslint';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const { values: options } = parseArgs({ options: { only: { type: 'string' }, fix: { type: 'boolean', default: false } } });
if (options.only !== undefined && options.only !== 'typecheck' && options.only !== 'lint') {
  console.error(`--only takes "typecheck" or "lint", not "${options.only}"`);
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

/** The incremental program of tsconfig.json (the build-info file `tsc --incremental` would keep). */
function incrementalProgram() {
  const config = ts.getParsedCommandLineOfConfigFile(
    'tsconfig.json',
    { incremental: true, tsBuildInfoFile: 'node_modules/.cache/tsc/tsconfig.tsbuildinfo' },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  return ts.createIncrementalProgram({ rootNames: config.fileNames, options: config.options, configFileParsingDiagnostics: config.errors });
}

/** tsc's diagnostics of the program (only the changed files' are computed again), printed; the build info saved. */
function typecheck(builder) {
  const started = Date.now();
  const diagnostics = [
    ...builder.getConfigFileParsingDiagnostics(),
    ...builder.getOptionsDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  builder.emit();
  const host = { getCanonicalFileName: (file) => file, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  const ok = diagnostics.length === 0;
  console.log(`${ok ? '✓' : '✗'} typecheck (${Math.round((Date.now() - started) / 1000)} s)`);
  if (!ok) console.log(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  return ok;
}

/** ESLint over the project with the program's type information, its cache kept between runs. */
async function lint(program) {
  const started = Date.now();
  const eslint = new ESLint({
    fix: options.fix,
    cache: true,
    cacheStrategy: 'content',
    cacheLocation: 'node_modules/.cache/eslint/',
    // A fix changes the text the program was built from: fixing, the parser builds its own (eslint.config.js).
    overrideConfig: options.fix
      ? []
      : [
          // ESLint's cache hashes the config: the program stands in it by name (as projectService does by its options).
          { languageOptions: { parserOptions: { programs: Object.assign([program], { toJSON: () => 'tsconfig.json' }), projectService: false } } },
          { files: ['**/*.js'], languageOptions: { parserOptions: { programs: null } } },
        ],
  });
  const results = await eslint.lintFiles(['.']);
  if (options.fix) await ESLint.outputFixes(results);
  const output = await (await eslint.loadFormatter('stylish')).format(results);
  const ok = results.every((result) => result.errorCount === 0 && result.fatalErrorCount === 0);
  console.log(`${ok ? '✓' : '✗'} lint (${Math.round((Date.now() - started) / 1000)} s)`);
  if (output) console.log(output);
  return ok;
}

const builder = options.only === 'lint' && options.fix ? null : incrementalProgram();
const typed = options.only === 'lint' ? true : typecheck(builder);
const linted = options.only === 'typecheck' ? true : await lint(builder?.getProgram());
process.exitCode = typed && linted ? 0 : 1;
