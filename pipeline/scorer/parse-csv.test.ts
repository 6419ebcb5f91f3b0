import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv.ts';

describe('parseCsv', () => {
  it('reads plain, quoted and empty fields, doubled quotes and line breaks inside quotes', () => {
    const text = 'code,label\r\n1,"Stühle, Tische"\r\n2,"der ""beste"" Stuhl"\n3,"zwei\nZeilen"\n4,\n';
    expect(parseCsv(text)).toEqual([
      ['code', 'label'],
      ['1', 'Stühle, Tische'],
      ['2', 'der "beste" Stuhl'],
      ['3', 'zwei\nZeilen'],
      ['4', ''],
    ]);
  });

  it('keeps a last row without a line break, and an empty quoted field', () => {
    expect(parseCsv('a,b\nc,""')).toEqual([
      ['a', 'b'],
      ['c', ''],
    ]);
    expect(parseCsv('x,')).toEqual([['x', '']]);
    expect(parseCsv('')).toEqual([]);
  });
});
