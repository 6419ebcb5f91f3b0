import { describe, expect, it } from 'vitest';
import { compoundSplitterOf, deriveSplitterVocabulary } from './compound-splitter.ts';
import { languageTools } from './text-analysis.ts';

// A made-up vocabulary, as if it were the German CPV labels and trade names.
const VOCABULARY = [
  'Leistungen',
  'Reparatur',
  'Dienstleistungen',
  'Beratungsleistungen',
  'Brunnen',
  'Gartenbrunnen',
  'Garten',
  'Bauwerke',
  'Ionen',
  'Ionenaustauscher',
  'Organisation',
  'Installation',
  'Kommunikation',
];
const stem = languageTools('de').stem;
const splitter = compoundSplitterOf(deriveSplitterVocabulary(VOCABULARY, stem), stem);

describe('German compound splitter', () => {
  it('splits a compound of known words, inflected forms included', () => {
    expect(splitter.split('Gartenbrunnenreparatur')).toEqual(['gartenbrunnen', 'reparatur']);
    expect(splitter.split('Brunnenbauwerken')).toEqual(['brunnen', 'bauwerken']);
  });

  it('lets one part be a word the vocabulary lacks, beside a long known word', () => {
    expect(splitter.split('Zaubereileistungen')).toEqual(['zauberei', 'leistungen']);
    expect(splitter.split('Reparaturzubehör')).toEqual(['reparatur', 'zubehor']);
  });

  it('does not cut a word before an ending that other words share, nor beside a short known word', () => {
    // "-ation" ends several vocabulary words: "Fabrik" + "ation" is no compound; nor is "Fabrikat" + "ionen".
    expect(splitter.split('Fabrikationen')).toEqual([]);
    expect(splitter.split('Vorstellung')).toEqual([]);
  });
});
