import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { categoryLabel } from './category.ts';

const t = ((key: string) => ({ 'categories.service': 'Dienstleistungen', 'categories.construction': 'Bauarbeiten' })[key] ?? key) as unknown as TFunction;

describe('categoryLabel', () => {
  it('translates simap order types, whatever their case or plural, and leaves unknown values as they are', () => {
    expect(categoryLabel(t, 'service')).toBe('Dienstleistungen');
    expect(categoryLabel(t, 'Services')).toBe('Dienstleistungen');
    expect(categoryLabel(t, 'construction')).toBe('Bauarbeiten');
    expect(categoryLabel(t, 'Reinigung')).toBe('Reinigung');
  });
});
