import { locale } from './languages.ts';

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 2-digit day, short month, year in the active language; `missing` ('N/A') when absent or invalid. */
export function formatDate(value: string | number | Date | null | undefined, language: string, missing = 'N/A'): string {
  const date = toDate(value);
  if (!date) return missing;
  return new Intl.DateTimeFormat(locale(language), { day: '2-digit', month: 'short', year: 'numeric' }).format(date);
}

export function formatTime(value: string | null | undefined, language: string, missing = 'N/A'): string {
  const date = toDate(value);
  if (!date) return missing;
  return new Intl.DateTimeFormat(locale(language), { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** Long day heading for the e-mail history ("lundi 3 mars 2026"). */
export function formatDayHeading(value: string | null | undefined, language: string, missing = 'N/A'): string {
  const date = toDate(value);
  if (!date) return missing;
  return new Intl.DateTimeFormat(locale(language), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

export function dayKey(value: string | null | undefined): string {
  const date = toDate(value);
  if (!date) return 'unknown';
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function formatNumber(value: number | null | undefined, language: string): string {
  return new Intl.NumberFormat(locale(language)).format(value ?? 0);
}

export function formatBudget(value: string | number | null | undefined, language: string, missing = 'N/A'): string {
  if (value === null || value === undefined || value === '') return missing;
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return String(value);
  return new Intl.NumberFormat(locale(language), { style: 'currency', currency: 'CHF', maximumFractionDigits: 0 }).format(amount);
}

/** Cuts at `max` characters and appends '...' (docs/product.md §9). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max).trimEnd()}...` : value;
}

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'" };

export function stripHtml(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
