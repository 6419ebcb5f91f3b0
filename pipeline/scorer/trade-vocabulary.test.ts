import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseCsv } from './parse-csv.ts';
import { DEFAULT_TRADE_VOCABULARY_PATH, loadTradeVocabulary, parseTradeVocabulary } from './trade-vocabulary.ts';

describe('trade vocabulary', () => {
  it('names every shipped trade in all four languages', () => {
    const entries = loadTradeVocabulary();
    expect(entries.length).toBeGreaterThan(50);
    for (const entry of entries) for (const names of Object.values(entry.names)) expect(names.length).toBeGreaterThan(0);
  });

  it('reads several spellings per cell and refuses a file without a language column', () => {
    expect(parseTradeVocabulary('de,fr,it,en\nStoren;Lamellenstoren,stores,tende,blinds\n')[0]!.names.de).toEqual(['Storen', 'Lamellenstoren']);
    expect(parseTradeVocabulary('group,de,fr,it,en\n228,Storen,stores,tende,blinds\nabbr,A,B,C,D\n').map((entry) => entry.group)).toEqual(['228', undefined]);
    expect(() => parseTradeVocabulary('de,fr,en\nA,B,C\n')).toThrow(/"it"/);
  });
});

describe('shipped trade vocabulary', () => {
  it('has one row per group of the building cost plan (BKP/CFC/CCC), not a selection', () => {
    const [header, ...rows] = parseCsv(readFileSync(DEFAULT_TRADE_VOCABULARY_PATH, 'utf8'));
    const groups = new Set(rows.map((row) => row[header!.indexOf('group')]));
    // Main groups with names (6–8 are reserves), their 2-digit groups, and the 3-digit groups of 2 except "Übriges" (…9).
    const expected = [
      ...['0', '1', '2', '3', '4', '5', '9'],
      ...['00', '01', '02', '03', '04', '05', '06', '09'],
      ...['10', '11', '12', '13', '14', '15', '16', '17', '19'],
      ...['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'],
      ...['30', '31', '32', '33', '34', '35', '36', '37', '38', '39'],
      ...['40', '41', '42', '44', '45', '46', '49'],
      ...['51', '52', '53', '54', '55', '56', '58', '59'],
      ...['90', '91', '92', '93', '94', '95', '96', '97', '98', '99'],
      '201',
      ...['211', '212', '213', '214', '215', '216', '217'],
      ...['221', '222', '223', '224', '225', '226', '227', '228'],
      ...['231', '232', '233', '234', '235', '236', '237', '238'],
      ...['241', '242', '243', '244', '245', '246', '247', '248'],
      ...['251', '252', '253', '254', '255', '256', '257', '258'],
      ...['261', '262', '263', '264', '265', '266'],
      ...['271', '272', '273', '274', '275', '276', '277'],
      ...['281', '282', '283', '284', '285', '286', '287', '288'],
      ...['291', '292', '293', '294', '295', '296'],
    ];
    expect(expected.filter((group) => !groups.has(group))).toEqual([]);
  });
});
