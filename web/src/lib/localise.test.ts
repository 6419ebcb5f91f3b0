import { describe, expect, it } from 'vitest';
import type { Project } from '../api/types.ts';
import { localisedSummary, localisedTitle, normaliseProject, officialUrl } from './localise.ts';

const base = { id: 1, title: 'Reinigung Schulhaus', titleFr: 'Nettoyage école', description: 'Beschreibung' };

describe('localised title and summary', () => {
  it('uses the title in the active language, falling back to the title', () => {
    expect(localisedTitle(base, 'fr')).toBe('Nettoyage école');
    expect(localisedTitle(base, 'fr-CH')).toBe('Nettoyage école');
    expect(localisedTitle(base, 'de')).toBe('Reinigung Schulhaus');
    expect(localisedTitle({ ...base, titleIt: '  ' }, 'it')).toBe('Reinigung Schulhaus');
    expect(localisedTitle({ id: 2 }, 'en', 'Titre non disponible')).toBe('Titre non disponible');
  });

  it('uses the summary in the active language, falling back to the description', () => {
    expect(localisedSummary({ ...base, summaryEn: 'Cleaning' }, 'en')).toBe('Cleaning');
    expect(localisedSummary(base, 'en')).toBe('Beschreibung');
  });

  it('normalises snake_case fields', () => {
    const project = normaliseProject({ id: 3, title: 'x', title_de: 'Titel', summary_it: 'Sommario' } as unknown as Project & Record<string, unknown>);
    expect(project.titleDe).toBe('Titel');
    expect(localisedSummary(project, 'it')).toBe('Sommario');
  });

  it('reads the official url from the metadata JSON string', () => {
    expect(officialUrl({ id: 1, metadata: JSON.stringify({ url: 'https://www.simap.ch/x' }) }, 'fr')).toBe('https://www.simap.ch/x');
    expect(officialUrl({ id: 1, metadata: 'not json', projectId: 'abc' }, 'de')).toBe('https://www.simap.ch/de/project-detail/abc');
    expect(officialUrl({ id: 1 }, 'de')).toBeNull();
  });

  it("opens simap in the user's language even when the stored link is French", () => {
    expect(officialUrl({ id: 1, metadata: JSON.stringify({ url: 'https://www.simap.ch/fr/project-detail/abc' }) }, 'de')).toBe(
      'https://www.simap.ch/de/project-detail/abc',
    );
    expect(officialUrl({ id: 1, metadata: JSON.stringify({ url: 'https://www.simap.ch/fr/project-detail/abc' }) }, 'it-CH')).toBe(
      'https://www.simap.ch/it/project-detail/abc',
    );
    expect(officialUrl({ id: 1, metadata: JSON.stringify({ url: 'https://example.org/fr/x' }) }, 'de')).toBe('https://example.org/fr/x');
  });
});
