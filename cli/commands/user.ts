import type { Command } from 'commander';
import { z } from 'zod';
import { findUserByUsername, setUserRole, type Role } from '../../db/users.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, printJson } from '../context.ts';

const Options = z.object({ json: z.boolean().default(false) });

function setRole(role: Role) {
  return async (username: string, raw: unknown) => {
    const options = Options.parse(raw);
    const ctx = openCommandContext();
    try {
      const user = await findUserByUsername(ctx.db.knex, username);
      if (!user) throw new CliError(`no user named "${username}"`);
      await setUserRole(ctx.db.knex, user.id, role);
      if (options.json) printJson({ ok: true, id: user.id, username: user.username, role });
      else console.log(`${user.username} is now ${role === 'admin' ? 'an admin' : 'a regular user'}`);
    } finally {
      await ctx.close();
    }
  };
}

export function registerUser(program: Command): void {
  const user = program.command('user').description('manage user accounts');
  user.command('promote').description('give a user the admin role').argument('<username>').option('--json', 'print JSON').action(setRole('admin'));
  user.command('demote').description('take the admin role away').argument('<username>').option('--json', 'print JSON').action(setRole('user'));
}
