/** Field → translation key of the message (docs/product.md §5). */
export type FieldErrors = Partial<Record<string, string>>;

export const USERNAME_MIN = 3;
/** The server's rule (api/routes/auth/schema.ts); it also refuses common passwords and the account's own name. */
export const PASSWORD_MIN = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

export function validateLogin(values: { username: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (values.username.trim().length < USERNAME_MIN) errors.username = 'validation.usernameMin';
  // No length rule at login: an account made under the old 6-character rule must still get in.
  if (values.password.length === 0) errors.password = 'validation.passwordRequired';
  return errors;
}

export function validateRegister(values: { username: string; email: string; password: string; confirmPassword: string }): FieldErrors {
  const errors = validateLogin(values);
  if (values.password.length < PASSWORD_MIN) errors.password = 'validation.passwordMin10';
  if (!isValidEmail(values.email)) errors.email = 'validation.email';
  if (values.confirmPassword.length < PASSWORD_MIN) errors.confirmPassword = 'validation.confirmRequired';
  else if (values.password !== values.confirmPassword) errors.confirmPassword = 'validation.passwordsMismatch';
  return errors;
}

export function validateNewPassword(values: { newPassword: string; confirmNewPassword: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (values.newPassword.length < PASSWORD_MIN) errors.newPassword = 'validation.passwordMin10';
  if (values.confirmNewPassword.length < PASSWORD_MIN) errors.confirmNewPassword = 'validation.confirmRequired';
  else if (values.newPassword !== values.confirmNewPassword) errors.confirmNewPassword = 'validation.passwordsMismatch';
  return errors;
}
