/**
 * RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks. Fields are sliced out of the
 * text, not built a character at a time (the 1.3 MB CPV catalog: ~20 ms instead of ~1.4 s).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const length = text.length;
  while (i < length) {
    let field: string;
    if (text[i] === '"') {
      // A quoted field: up to the quote that is not doubled.
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) {
          value += text.slice(from);
          i = length;
          break;
        }
        value += text.slice(from, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          from = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      // Anything between the closing quote and the separator belongs to the field too.
      const end = nextSeparator(text, i);
      field = value + text.slice(i, end);
      i = end;
    } else {
      const end = nextSeparator(text, i);
      field = text.slice(i, end);
      i = end;
    }
    row.push(field);
    if (i >= length) break;
    const separator = text[i];
    i++;
    if (separator === ',') {
      if (i >= length) row.push('');
      continue;
    }
    if (separator === '\r' && text[i] === '\n') i++;
    rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** The index of the next comma or line break from `from`, or the text's length. */
function nextSeparator(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44 || code === 10 || code === 13) return i;
  }
  return text.length;
}
