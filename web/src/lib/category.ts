import type { TFunction } from 'i18next';

/** simap's order types as the projects table stores them; anything else is shown as it came. */
export const KNOWN_CATEGORIES = ['construction', 'service', 'supply'] as const;

function key(category: string): string {
  return category.trim().toLowerCase().replace(/s$/, '');
}

/** The category in the user's language ("service" → "Services", "Dienstleistungen", …). */
export function categoryLabel(t: TFunction, category: string): string {
  const known = (KNOWN_CATEGORIES as readonly string[]).includes(key(category));
  return known ? t(`categories.${key(category)}`) : category;
}
