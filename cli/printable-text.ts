// C0 and C1 controls (ESC starts terminal escape sequences), DEL, and bidi overrides that reorder what the eye sees.
// eslint-disable-next-line no-control-regex -- these characters are what it removes
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** Text from the database as it may reach a terminal: control characters become U+FFFD, so a name cannot drive the terminal. */
export function printableText(text: string): string {
  return text.replace(UNPRINTABLE, '\uFFFD');
}
