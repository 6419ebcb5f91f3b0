import { Command, CommanderError } from 'commander';
import { handleError } from './handle-error.ts';
import { registerMigrate } from './commands/migrate.ts';
import { registerScrape } from './commands/scrape.ts';
import { registerScore } from './commands/score.ts';
import { registerSummarize } from './commands/summarize.ts';
import { registerEval } from './commands/eval.ts';
import { registerNotify } from './commands/notify.ts';
import { registerServe } from './commands/serve.ts';
import { registerUser } from './commands/user.ts';
import { registerPromo } from './commands/promo.ts';
import { registerRun } from './commands/run.ts';
import { registerQueue } from './commands/queue.tsx';
import { registerInit } from './commands/init.ts';
import { registerQuarantine } from './commands/quarantine.ts';

export function buildProgram(): Command {
  const program = new Command('tenders')
    .description('Vigie: Swiss public tenders from simap.ch, matched to your alerts')
    .showHelpAfterError('(run "tenders --help" for the list of commands)')
    .showSuggestionAfterError()
    .exitOverride();
  registerServe(program);
  registerMigrate(program);
  registerUser(program);
  registerPromo(program);
  registerScrape(program);
  registerScore(program);
  registerSummarize(program);
  registerEval(program);
  registerNotify(program);
  registerRun(program);
  registerQueue(program);
  registerInit(program);
  registerQuarantine(program);
  for (const command of program.commands) command.exitOverride();
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode);
    handleError(error, argv.includes('--json'));
  }
}
