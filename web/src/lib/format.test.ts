import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, stripHtml, truncate } from './format.ts';

describe('display helpers (docs/product.md §5, §9)', () => {
  it('formats dates with a 2-digit day, short month and year, N/A when missing', () => {
    expect(formatDate('2026-03-05T10:00:00Z', 'en')).toBe('Mar 05, 2026');
    expect(formatDate(null, 'en')).toBe('N/A');
    expect(formatDate('garbage', 'fr', 'N/A')).toBe('N/A');
  });

  it('truncates with ...', () => {
    expect(truncate('abcdefghij', 5)).toBe('abcde...');
    expect(truncate('abc', 5)).toBe('abc');
    expect(truncate(null, 5)).toBe('');
  });

  it('strips HTML tags', () => {
    expect(stripHtml('<p>Hello&nbsp;<b>world</b> &amp; co</p>')).toBe('Hello world & co');
  });

  it('uses thousands separators', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
  });
});
