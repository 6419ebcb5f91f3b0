import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { handleError } from './handle-error.ts';

type Register = (program: Command) => void;

export interface CommandEntry {
  name: string;
  /** The line `tenders --help` shows; a test checks it against the command's own description. */
  summary: string;
  load(): Promise<Register>;
}

/**
 * Every command, loaded only when it runs: `tenders --help` and small commands never import the
 * server, the scorer or React (a command module costs up to seconds to load).
 */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'serve',
    summary: 'migrate the database and serve the API and web app on PORT',
    load: async () => (await import('./commands/serve.ts')).registerServe,
  },
  { name: 'migrate', summary: 'apply, revert or list database migrations', load: async () => (await import('./commands/migrate.ts')).registerMigrate },
  { name: 'user', summary: 'manage user accounts', load: async () => (await import('./commands/user.ts')).registerUser },
  {
    name: 'promo',
    summary: 'manage promo codes (discount in percent, or free trial days)',
    load: async () => (await import('./commands/promo.ts')).registerPromo,
  },
  {
    name: 'scrape',
    summary: 'fetch new simap.ch publications and normalize them into projects',
    load: async () => (await import('./commands/scrape.ts')).registerScrape,
  },
  {
    name: 'score',
    summary: 'match active alerts against projects: local scorer, then the LLM above PREFILTER_THRESHOLD when one is configured',
    load: async () => (await import('./commands/score.ts')).registerScore,
  },
  {
    name: 'summarize',
    summary: 'work through the summary queue (several processes may run at once)',
    load: async () => (await import('./commands/summarize.ts')).registerSummarize,
  },
  {
    name: 'eval',
    summary: 'measure match quality (nDCG@10, P@5, recall at the notify threshold) on a labelled set',
    load: async () => (await import('./commands/eval.ts')).registerEval,
  },
  {
    name: 'notify',
    summary:
      'e-mail each verified subscriber one digest of their new matches, and the due reminders of watched projects; exits 1 when an e-mail could not be sent',
    load: async () => (await import('./commands/notify.ts')).registerNotify,
  },
  {
    name: 'run',
    summary:
      'run the pipeline (scrape → summarize → score → notify → housekeeping; notify sends only the due digests) now, then again every --every until SIGINT/SIGTERM',
    load: async () => (await import('./commands/run.ts')).registerRun,
  },
  {
    name: 'queue',
    summary: 'live monitor of the summary queue (r retries failed jobs, q quits); without a terminal, prints the counts once',
    load: async () => (await import('./commands/queue.tsx')).registerQueue,
  },
  {
    name: 'quarantine',
    summary: 'show and re-process the simap records the pipeline set aside',
    load: async () => (await import('./commands/quarantine.ts')).registerQuarantine,
  },
  {
    name: 'init',
    summary: 'interactive set-up of the real adapters (Postgres, LLM, SMTP, Stripe): writes .env in the working directory',
    load: async () => (await import('./commands/init.ts')).registerInit,
  },
];

export function readVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

/** The command a command line names ("tenders help user" names user), if any. */
function namedCommand(args: readonly string[]): CommandEntry | undefined {
  const words = args.filter((arg) => !arg.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return COMMANDS.find((entry) => entry.name === name);
}

/**
 * The program for one command line: the command it names fully loaded, the others as their name and
 * summary only (enough for the help and for "did you mean"). `argv` as process.argv (node, script, ...).
 */
export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command('tenders')
    .description('Vigie: Swiss public tenders from simap.ch, matched to your alerts')
    .version(readVersion(), '-V, --version', 'print the version')
    .showHelpAfterError('(run "tenders --help" for the list of commands)')
    .showSuggestionAfterError()
    .exitOverride();
  const wanted = namedCommand(argv.slice(2));
  for (const entry of COMMANDS) {
    if (entry === wanted) (await entry.load())(program);
    else program.command(entry.name).description(entry.summary);
  }
  for (const command of program.commands) command.exitOverride();
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    const program = await buildProgram(argv);
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode);
    handleError(error, argv.includes('--json'));
  }
}
