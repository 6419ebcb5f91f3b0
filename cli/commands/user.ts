import { confirm, isCancel, password as promptPassword } from '@clack/prompts';
import type { Command } from 'commander';
import { z } from 'zod';
import { registerUser as registerAccount } from '../../api/commands/register-user.ts';
import { presentUser } from '../../api/presenters/user.ts';
import { RegisterBody } from '../../api/routes/auth/schema.ts';
import { migrateLatest } from '../../db/migrate.ts';
import { deleteUser, findUserByUsername, findUsers, markEmailVerified, setUserRole, type Role, type UserRow } from '../../db/users.ts';
import { DEFAULT_LANGUAGE } from '../../domain/languages.ts';
import { createMailer, type Mailer } from '../../pipeline/mail/mailer.ts';
import { CliError } from '../cli-error.ts';
import { printableText } from '../printable-text.ts';
import { openCommandContext, printJson, type CommandContext } from '../context.ts';
import { parseFlags } from '../parse-flags.ts';

const printLine = (line: string) => void process.stdout.write(`${line}\n`);
const printWarning = (line: string) => void process.stderr.write(`${line}\n`);

const Json = z.object({ json: z.boolean().default(false) });

const Account = z.object({ username: RegisterBody.shape.username, email: RegisterBody.shape.email, language: RegisterBody.shape.language });
const Password = RegisterBody.shape.password;

const CreateFlags = z.object({
  email: z.string({ error: '--email is required' }),
  password: z.string().optional(),
  admin: z.boolean().default(false),
  language: z.string().default(DEFAULT_LANGUAGE),
  verified: z.boolean().default(false),
  json: z.boolean().default(false),
});

const DeleteFlags = z.object({ yes: z.boolean().default(false), json: z.boolean().default(false) });

function interactive(): boolean {
  return process.stdin.isTTY === true;
}

async function withContext<T>(work: (ctx: CommandContext) => Promise<T>): Promise<T> {
  const ctx = openCommandContext();
  try {
    await migrateLatest(ctx.db.knex);
    return await work(ctx);
  } finally {
    await ctx.close();
  }
}

async function getUser(ctx: CommandContext, username: string): Promise<UserRow> {
  const user = await findUserByUsername(ctx.db.knex, username);
  if (!user) throw new CliError(`no user named "${printableText(username)}"`);
  return user;
}

async function askPassword(given: string | undefined): Promise<string> {
  if (given !== undefined) return parseFlags(Password, given);
  if (!interactive()) throw new CliError('--password is required when stdin is not a terminal');
  const typed = await promptPassword({
    message: 'Password',
    output: process.stderr,
    validate: (value) => Password.safeParse(value ?? '').error?.issues[0]?.message,
  });
  if (isCancel(typed)) throw new CliError('cancelled', 130);
  return typed;
}

/** registerUser always mails a verification link; an account created as verified must not receive one. */
function verificationMailer(ctx: CommandContext, verified: boolean): Mailer {
  if (verified) return { kind: 'outbox', send: async () => ({ messageId: '' }), close: () => {} };
  return createMailer({ smtpUrl: ctx.config.mail.smtpUrl, from: ctx.config.mail.from, dataDir: ctx.config.dataDir, logger: ctx.logger });
}

function describe(user: ReturnType<typeof presentUser>): string {
  return `${printableText(user.username)} <${printableText(user.email)}> (id ${user.id}, ${user.role}, ${user.emailVerified ? 'verified' : 'not verified'}, ${user.language})`;
}

async function listUsers(raw: unknown): Promise<void> {
  const { json } = parseFlags(Json, raw);
  const users = await withContext(async (ctx) => findUsers(ctx.db.knex));
  if (json) return printJson({ ok: true, users: users.map((user) => ({ ...presentUser(user), createdAt: user.createdAt })) });
  if (users.length === 0) return printLine('no users');
  const rows = [['id', 'username', 'email', 'role', 'verified', 'language', 'created']].concat(
    users.map((u) => [
      String(u.id),
      printableText(u.username),
      printableText(u.email),
      u.role,
      u.emailVerifiedAt ? 'yes' : 'no',
      u.language,
      u.createdAt.toISOString().slice(0, 10),
    ]),
  );
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    printLine(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
}

async function createAccount(username: string, raw: unknown): Promise<void> {
  const flags = parseFlags(CreateFlags, raw);
  const account = parseFlags(Account, { username, email: flags.email, language: flags.language });
  const password = await askPassword(flags.password);
  const { user, mailError } = await withContext(async (ctx) => {
    const mailer = verificationMailer(ctx, flags.verified);
    try {
      const created = await registerAccount({ db: ctx.db, mailer, config: ctx.config, logger: ctx.logger }, { ...account, password });
      if (flags.admin) await setUserRole(ctx.db.knex, created.user.id, 'admin');
      if (flags.verified) await markEmailVerified(ctx.db.knex, created.user.id);
      return { user: presentUser(await getUser(ctx, created.user.username)), mailError: created.verificationEmailError };
    } finally {
      mailer.close();
    }
  });
  const verificationEmail = user.emailVerified ? 'not needed' : mailError ? 'not sent' : 'sent';
  if (flags.json) return printJson({ ok: true, user, verificationEmail, ...(mailError ? { verificationEmailError: mailError } : {}) });
  if (user.emailVerified) return printLine(`created ${describe(user)}`);
  if (!mailError) return printLine(`created ${describe(user)}; verification e-mail sent`);
  printLine(`created ${describe(user)}; the verification e-mail could NOT be sent (${printableText(mailError)})`);
  printWarning('warning: check SMTP_URL; the user can ask for a new link from the app after logging in, or create the account with --verified');
}

async function removeAccount(username: string, raw: unknown): Promise<void> {
  const flags = parseFlags(DeleteFlags, raw);
  const deleted = await withContext(async (ctx) => {
    const user = await getUser(ctx, username);
    if (!flags.yes) {
      if (!interactive()) throw new CliError('--yes is required to delete a user when stdin is not a terminal');
      const sure = await confirm({
        message: `Delete ${printableText(user.username)} <${printableText(user.email)}> with their alerts, matches and e-mail history?`,
        initialValue: false,
        output: process.stderr,
      });
      if (isCancel(sure) || !sure) throw new CliError(`${user.username} was not deleted`);
    }
    await deleteUser(ctx.db.knex, user.id);
    return user;
  });
  if (flags.json) return printJson({ ok: true, deleted: presentUser(deleted) });
  printLine(`deleted ${printableText(deleted.username)}`);
}

function setRole(role: Role) {
  return async (username: string, raw: unknown) => {
    const { json } = parseFlags(Json, raw);
    const user = await withContext(async (ctx) => {
      const found = await getUser(ctx, username);
      await setUserRole(ctx.db.knex, found.id, role);
      return found;
    });
    if (json) printJson({ ok: true, id: user.id, username: user.username, role });
    else printLine(`${printableText(user.username)} is now ${role === 'admin' ? 'an admin' : 'a regular user'}`);
  };
}

export function registerUser(program: Command): void {
  const user = program.command('user').description('manage user accounts');
  user.command('list').description('list every account').option('--json', 'print JSON').action(listUsers);
  user
    .command('create')
    .description('create an account (same rules as sign-up: username ≥ 3 letters/digits/._-, password ≥ 10 and not common, valid and unused e-mail)')
    .argument('<username>')
    .requiredOption('--email <email>', 'e-mail address')
    .option('--password <password>', 'password; prompted when omitted and stdin is a terminal')
    .option('--admin', 'give the admin role')
    .option('--language <language>', 'fr, de, it or en (language of e-mails)', 'fr')
    .option('--verified', 'mark the e-mail address as verified (no verification e-mail is sent)')
    .option('--json', 'print JSON')
    .action(createAccount);
  user
    .command('delete')
    .description('delete an account with its alerts, matches, subscription and e-mail history')
    .argument('<username>')
    .option('--yes', 'do not ask for confirmation (required when stdin is not a terminal)')
    .option('--json', 'print JSON')
    .action(removeAccount);
  user.command('promote').description('give a user the admin role').argument('<username>').option('--json', 'print JSON').action(setRole('admin'));
  user.command('demote').description('take the admin role away').argument('<username>').option('--json', 'print JSON').action(setRole('user'));
}
