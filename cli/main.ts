import { Command, CommanderError } from 'commander';
import { handleError } from './handle-error.ts';
import { registerMigrate } from './commands/migrate.ts';
import { registerServe } from './commands/serve.ts';
import { registerUser } from './commands/user.ts';

export function buildProgram(): Command {
  const program = new Command('tenders')
    .description('Vigie: Swiss public tenders from simap.ch, matched to your alerts')
    .showHelpAfterError('(run "tenders --help" for the list of commands)')
    .showSuggestionAfterError()
    .exitOverride();
  registerServe(program);
  registerMigrate(program);
  registerUser(program);
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
