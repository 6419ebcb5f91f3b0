import { ValidationError } from '../errors.ts';

/** A Stripe return URL: the default path when none is given; a given one (absolute or a path) must be on PUBLIC_URL's origin. */
export function resolveReturnUrl(publicUrl: string, given: string | undefined, defaultPath: string, field: string): string {
  if (given === undefined) return `${publicUrl}${defaultPath}`;
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(given, publicUrl);
  } catch {
    throw new ValidationError(`${field} must be a URL on ${origin}`, field);
  }
  if (url.origin !== origin) throw new ValidationError(`${field} must be a URL on ${origin}`, field);
  return url.toString();
}
