import { describe, expect, it } from 'vitest';
import { completeTruncatedCompounds } from './truncated-compounds.ts';

// A made-up splitter: the words below end in "arbeiten", "anlagen" or "dienste".
const head = (word: string) => /(arbeiten|anlagen|dienste)$/i.exec(word)?.[1]?.toLowerCase() ?? null;

describe('completeTruncatedCompounds', () => {
  it('gives each word cut by a hyphen the head of the next whole compound', () => {
    expect(completeTruncatedCompounds('Dach- und Spenglerarbeiten', head)).toBe('Dacharbeiten und Spenglerarbeiten');
    expect(completeTruncatedCompounds('Glocken-, Orgel- oder Photovoltaikanlagen, Glaserarbeiten', head)).toBe(
      'Glockenanlagen, Orgelanlagen oder Photovoltaikanlagen, Glaserarbeiten',
    );
    expect(completeTruncatedCompounds('Kurier- sowie Zustelldienste', head)).toBe('Kurierdienste sowie Zustelldienste');
  });

  it('leaves hyphenated compounds, unsplittable heads and plain text alone', () => {
    expect(completeTruncatedCompounds('Zifferblätter in Kupfer-Email', head)).toBe('Zifferblätter in Kupfer-Email');
    expect(completeTruncatedCompounds('Dach- und Glockenstuhl', head)).toBe('Dach- und Glockenstuhl');
    expect(completeTruncatedCompounds('Schneeräumung im Winter', head)).toBe('Schneeräumung im Winter');
  });
});
