import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ValidationError } from '../errors.ts';

export const PASSWORD_TOO_COMMON = 'This password is too common or too easy to guess';
export const PASSWORD_MATCHES_ACCOUNT = 'Password must not be your username or e-mail address';

/** zxcvbn's 0–4 scale: 2 means "safe from throttled online guessing" (≥ 10^6 guesses). */
const MIN_SCORE = 2;

let checker: ZxcvbnFactory | undefined;

// Built on first use: loading the common-password dictionary takes a moment that commands without passwords skip.
function passwordChecker(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return checker;
}

/**
 * Refuses a password equal to the account's username, e-mail or e-mail name, and any password that the common-password
 * dictionary, keyboard patterns, repeats or sequences make easy to guess (the length rule is the schema's).
 */
export function ensureStrongPassword(password: string, account: { username: string; email: string }, field = 'password'): void {
  const folded = password.trim().normalize('NFKC').toLowerCase();
  const email = account.email.trim().toLowerCase();
  const personal = [account.username.trim().normalize('NFKC').toLowerCase(), email, email.split('@')[0] ?? ''];
  if (personal.includes(folded)) throw new ValidationError(PASSWORD_MATCHES_ACCOUNT, field);
  if (passwordChecker().check(password, personal).score < MIN_SCORE) throw new ValidationError(PASSWORD_TOO_COMMON, field);
}
