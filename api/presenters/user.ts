import type { UserRow } from '../../db/users.ts';

export function presentUser(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    role: user.role,
    language: user.language,
  };
}
