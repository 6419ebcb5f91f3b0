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
  'Kalibrierung',
  'Konzert',
  'Mahlzeiten',
  'Ruhezeiten',
  'Lieferzeiten',
  'Zeitschriften',
  'Sperrholz',
  'Periodika',
  'Mittel',
  'gegen',
  'Stück',
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
    // Also beside the plural of a known noun in -ung, German's most common compound head ("Kalibrierungen").
    expect(splitter.split('Zaubereikalibrierungen')).toEqual(['zauberei', 'kalibrierungen']);
  });

  it('gives a linking element to the modifier, whatever part follows', () => {
    // "konzept" is no vocabulary word, but begins as "Konzert" does; "skonzept" begins as none.
    expect(splitter.split('Kalibrierungskonzept')).toEqual(['kalibrierung', 'konzept']);
    // Both "speriode" (as "Sperrholz") and "periode" (as "Periodika") begin as words: the longer shared start wins.
    expect(splitter.split('Kalibrierungsperiode')).toEqual(['kalibrierung', 'periode']);
    // After a genitive "-s", a piece that ends several vocabulary words ("-zeiten") is still a word.
    expect(splitter.split('Kalibrierungszeiten')).toEqual(['kalibrierung', 'zeiten']);
    // A particle stays whole even where its end looks like a link ("gege" + "n" + "stück").
    expect(splitter.split('Gegenstück')).toEqual([]);
    // Neither "nwartungen" nor "wartungen" begins as a vocabulary word: the "-n" still goes with "Leuchte".
    const lamps = compoundSplitterOf(deriveSplitterVocabulary(['Leuchte', 'Reparatur'], stem), stem);
    expect(lamps.split('Leuchtenwartungen')).toEqual(['leuchte', 'wartungen']);
    // …but German puts "-n" only after an "-e": "Reparatur|notdienste", not "Reparatur|n|otdienste".
    expect(lamps.split('Reparaturnotdienste')).toEqual(['reparatur', 'notdienste']);
    // Nor when the piece before the "-n" is a modifier learned from other compounds ("Balko", of "Balkon|geländer" and
    // "Balkon|platten"), more used than the word itself.
    const balconies = compoundSplitterOf(deriveSplitterVocabulary(['Balkon', 'Balkongeländer', 'Balkonplatten', 'Geländer', 'Platten', 'Gitter'], stem), stem);
    expect(balconies.split('Balkongitter')).toEqual(['balkon', 'gitter']);
  });

  it('does not cut a derivational suffix off as a word, though a word begins with it', () => {
    // "-lich" begins "Licht", "-isch" "Tisch"; "Gewerbe|liche" and "Gemüse|ische" are no compounds.
    const words = ['Gewerbe', 'Gewerblich', 'Licht', 'Lichtquellen', 'Gemüse', 'Tisch', 'Tischlerei', 'Ische', 'Liche', 'Reparatur'];
    const own = compoundSplitterOf(deriveSplitterVocabulary(words, stem), stem);
    expect(own.split('Gewerbliche')).toEqual([]);
    expect(own.split('Gewerbelicht')).toEqual(['gewerbe', 'licht']);
  });

  it('does not cut a noun in -ung (-heit, -keit, -schaft) after its verb stem when the vocabulary lacks the noun', () => {
    // "Zauber" is known, "Zauberung" is not: "Zauber|ungsbühne" would make "ungsbühne" a word.
    const own = compoundSplitterOf(deriveSplitterVocabulary(['Zauber', 'Reparatur', 'Bühne'], stem), stem);
    expect(own.split('Zauberungsbühne')).not.toContain('ungsbuhne');
    expect(own.split('Zauberbühne')).toEqual(['zauber', 'buhne']);
  });

  it('learns no part made of a linking element and a vocabulary word', () => {
    const learned = deriveSplitterVocabulary(['Anlagen', 'Kalibrierung', 'Schmierung', 'Kalibrierungsanlagen', 'Schmierungsanlagen'], stem).known;
    expect(learned.has('sanlagen')).toBe(false);
    // Nor a word's end that a linking element seems to leave ("Zeit|er|fassung"): it reads "Lohn|erfassung" as "Lohn|fassung".
    const words = ['Zeit', 'Bild', 'Wort', 'Lohn', 'Erfassung', 'Zeiterfassung', 'Bilderfassung', 'Worterfassung', 'Fassungsvermögen'];
    const own = compoundSplitterOf(deriveSplitterVocabulary(words, stem), stem);
    expect(own.split('Lohnerfassung')).toEqual(['lohn', 'erfassung']);
  });

  it('does not take an ending for a word because its three-letter stem starts one', () => {
    // "-ungen" follows known words twice here ("Bohr|ungen", "Kühl|ungen"), and "ung" starts "Ungeziefer": still a suffix.
    const words = ['Bohr', 'Bohrungen', 'Kühl', 'Kühlungen', 'Schalungen', 'Schleif', 'Ungeziefer', 'Bilder', 'Rahmen', 'Bilderrahmen'];
    const own = compoundSplitterOf(deriveSplitterVocabulary(words, stem), stem);
    expect(own.split('Schleifungen')).toEqual([]);
    expect(own.split('Schleifrahmen')).toEqual(['schleif', 'rahmen']);
  });

  it('does not cut a word before an ending that other words share, nor beside a short known word', () => {
    // "-ation" ends several vocabulary words: "Fabrik" + "ation" is no compound; nor is "Fabrikat" + "ionen".
    expect(splitter.split('Fabrikationen')).toEqual([]);
    expect(splitter.split('Vorstellung')).toEqual([]);
  });
});
