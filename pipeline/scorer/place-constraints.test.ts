import { describe, expect, it } from 'vitest';
import { inferProjectCanton } from './place-constraints.ts';

describe('inferProjectCanton', () => {
  it('takes the canton field first, else the first place of the location or the organization', () => {
    expect(inferProjectCanton('lu', 'Zürich')).toBe('LU');
    expect(inferProjectCanton(null, null, 'Stadt Winterthur')).toBe('ZH');
    expect(inferProjectCanton(null, 'Mars')).toBeNull();
  });

  it('reads a region within one canton as that canton ("Jura bernois" is in Bern)', () => {
    expect(inferProjectCanton(null, 'Commune de Tavannes, Jura bernois')).toBe('BE');
    expect(inferProjectCanton(null, 'Gemeinde im Berner Oberland')).toBe('BE');
  });

  it('does not read a company suffix beside a place as a list of cantons ("Muster AG, Zürich")', () => {
    expect(inferProjectCanton(null, null, 'Muster AG, Zürich')).toBe('ZH');
  });
});
