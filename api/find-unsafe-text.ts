import { AppError } from './errors.ts';

// C0 controls except tab and newline, DEL, and the C1 block: nothing a person types, and NUL breaks Postgres text.
// eslint-disable-next-line no-control-regex -- these characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// With the u flag a surrogate range matches only a surrogate that is not half of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const UNSAFE_TEXT = 'Text must not contain control characters or invalid Unicode';

export class UnsafeTextError extends AppError {
  constructor(field: string | undefined) {
    super(400, 'unsafe_text', field ? `${field}: ${UNSAFE_TEXT}` : UNSAFE_TEXT, field ? { field } : undefined);
  }
}

const isUnsafe = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text);

/** The dotted path of the first string (or object key) in `value` with a control character or a lone surrogate. */
export function findUnsafeText(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return isUnsafe(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnsafeText(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafe(key)) return [...path, key];
      const found = findUnsafeText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Throws a 400 naming the field when `value` carries unsafe text. */
export function rejectUnsafeText(value: unknown): void {
  const found = findUnsafeText(value);
  if (found) throw new UnsafeTextError(found.length > 0 ? found.join('.') : undefined);
}
