/** What can happen to a project after it is published, as a watchlist card and a reminder e-mail name it. */
export const PROJECT_CHANGE_KINDS = ['corrected', 'awarded', 'revoked', 'abandoned'] as const;
export type ProjectChangeKind = (typeof PROJECT_CHANGE_KINDS)[number];
