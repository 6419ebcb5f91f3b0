import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../domain/languages.ts';

export const USERNAME_TOO_SHORT = 'Username must be at least 3 characters';
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const USERNAME_CHARACTERS = 'Username may contain only letters, digits, dots, underscores and hyphens';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const PASSWORDS_DIFFER = 'Passwords do not match';

export const Language = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` });

/** NFKC folds compatibility look-alikes (full-width letters, ligatures) into the letters they stand for. */
const nfkc = (text: string) => text.normalize('NFKC');

const Username = z
  .string({ error: USERNAME_TOO_SHORT })
  .trim()
  .transform(nfkc)
  .pipe(
    z
      .string()
      .min(3, USERNAME_TOO_SHORT)
      .max(50, 'Username must be at most 50 characters')
      .regex(/^[\p{L}\p{N}._-]+$/u, USERNAME_CHARACTERS),
  );

const Password = z.string({ error: PASSWORD_TOO_SHORT }).min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(200, 'Password must be at most 200 characters');

const Email = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(254, INVALID_EMAIL)
  .pipe(z.email({ error: INVALID_EMAIL }));

export const RegisterBody = z
  .object({
    username: Username,
    email: Email,
    password: Password,
    confirmPassword: z.string().optional(),
    language: Language.default(DEFAULT_LANGUAGE),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

/** The password is not held to today's policy here: an account made under an older one must still log in. */
export const LoginBody = z.object({
  username: z.string({ error: USERNAME_TOO_SHORT }).trim().transform(nfkc).pipe(z.string().min(3, USERNAME_TOO_SHORT).max(254, USERNAME_TOO_SHORT)),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});

export const ForgotPasswordBody = z.object({ email: Email });

export const TokenQuery = z.object({
  token: z.string({ error: 'No verification token found' }).min(1, 'No verification token found').max(200, 'Invalid token'),
});

export const ResetTokenQuery = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200, 'Invalid token'),
});

export const ResetPasswordBody = z
  .object({
    token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200, 'Invalid token'),
    newPassword: Password,
    confirmNewPassword: z.string().optional(),
  })
  .refine((body) => body.confirmNewPassword === undefined || body.confirmNewPassword === body.newPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmNewPassword'],
  });
