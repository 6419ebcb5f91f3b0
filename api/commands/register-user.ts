import { hash } from '@node-rs/argon2';
import { createUser, findUserByEmail, findUserByUsername, type UserRow } from '../../db/users.ts';
import type { Language } from '../../domain/languages.ts';
import type { ApiDeps } from '../api-deps.ts';
import { ConflictError } from '../errors.ts';
import { ensureStrongPassword } from './ensure-strong-password.ts';
import { sendVerificationEmail } from './send-verification-email.ts';

export const USERNAME_TAKEN = 'This username is already taken';
export const EMAIL_TAKEN = 'An account with this email address already exists';

export interface Registration {
  username: string;
  email: string;
  password: string;
  language: Language;
}

function conflictFromUniqueViolation(error: unknown): ConflictError | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  return constraint === 'users_email_unique' ? new ConflictError(EMAIL_TAKEN, 'email_taken') : new ConflictError(USERNAME_TAKEN, 'username_taken');
}

export interface RegisteredUser {
  user: UserRow;
  /** Why the verification e-mail could not be sent, when it could not; the account exists either way. */
  verificationEmailError?: string;
}

/** Creates the account and mails a verification link; a mail failure is logged and reported, not fatal (the user can resend). */
export async function registerUser(deps: Pick<ApiDeps, 'db' | 'mailer' | 'config' | 'logger'>, registration: Registration): Promise<RegisteredUser> {
  const db = deps.db.knex;
  ensureStrongPassword(registration.password, registration);
  if (await findUserByUsername(db, registration.username)) throw new ConflictError(USERNAME_TAKEN, 'username_taken');
  if (await findUserByEmail(db, registration.email)) throw new ConflictError(EMAIL_TAKEN, 'email_taken');
  const passwordHash = await hash(registration.password);
  const user = await createUser(db, { username: registration.username, email: registration.email, passwordHash, language: registration.language }).catch(
    (error: unknown) => {
      throw conflictFromUniqueViolation(error) ?? error;
    },
  );
  try {
    await sendVerificationEmail(deps, user);
    return { user };
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, 'verification e-mail not sent');
    return { user, verificationEmailError: error instanceof Error ? error.message : String(error) };
  }
}
