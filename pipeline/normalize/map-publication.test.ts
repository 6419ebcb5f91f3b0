import { describe, expect, it } from 'vitest';
import { loadSimapFixture } from '../../test-support/simap-pages.ts';
import { applyPublication } from './apply-publication.ts';
import { mapPublication, PublicationValidationError, type RawPublication } from './map-publication.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The search entry simap lists for a publication without lots, built from the details' own fields. */
function searchEntryFor(details: Json, extra: Json = {}): Json {
  return {
    id: details.base.projectId,
    title: details.base.title,
    projectNumber: details.base.projectNumber,
    projectType: 'tender',
    projectSubType: details.base.orderType ?? 'construction',
    processType: 'open',
    lotsType: 'without',
    publicationId: details.id,
    publicationDate: details.base.publicationDate,
    publicationNumber: details.base.publicationNumber,
    pubType: details.type,
    corrected: false,
    procOfficeName: details['project-info'].procOfficeAddress.name,
    lots: [],
    orderAddress: null,
    ...extra,
  };
}

function raw(fixture: string, extra: Json = {}): RawPublication {
  const details = loadSimapFixture<Json>(fixture);
  return { seq: 1, source: 'simap', publicationId: details.id, projectId: details.base.projectId, searchEntry: searchEntryFor(details, extra), details };
}

describe('mapping a publication to a project', () => {
  it('maps every field of the tender fixture', () => {
    const project = applyPublication(null, mapPublication(raw('publication-details-tender.json')), 7);
    const url = 'https://www.simap.ch/fr/project-detail/31367328-20d0-4786-acab-f0858c46dc82';
    expect(project).toMatchObject({
      id: 7,
      source: 'simap',
      projectId: '31367328-20d0-4786-acab-f0858c46dc82',
      title: 'MP 2025.04.775 - Licences et support Atlassian',
      titleFr: 'MP 2025.04.775 - Licences et support Atlassian',
      titleDe: null,
      titleIt: null,
      titleEn: null,
      organization: 'Transports publics de la région lausannoise sa',
      canton: 'VD',
      postalCode: '1020',
      city: 'Renens',
      location: '1020 Renens (VD)',
      category: 'service',
      cpvCodes: ['48000000'],
      status: 'open',
      pubType: 'tender',
      processType: 'open',
      projectNumber: '29941',
      publicationNumber: '29941-01',
      creationLanguage: 'fr',
      corrected: false,
      awardVendors: null,
      publishedAt: '2026-01-22T00:00:00.000Z',
      lastPublicationAt: '2026-01-22T00:00:00.000Z',
      deadline: '2026-03-05T11:00:00.000Z',
      budget: null,
      budgetCurrency: null,
      url,
      metadata: { url, latestPublicationId: '14ae742d-ab60-4553-9b1e-9d1320fe18f7', cpvLabels: { '48000000': "Logiciels et systèmes d'information" } },
    });
    const paragraphs = project.description.split('\n\n');
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]).toMatch(/^Les Transports Publics de la Région Lausannoise \(tl\) ont mis en place .* planification « agile » \(kanban\)/);
    expect(paragraphs[2]).toBe('Le détail des services attendus est décrit dans la pièce 2 « Cahier des charges technique ».');
    expect(project.description).not.toMatch(/<|&nbsp;/);
    expect(project.content).toContain(project.title);
    expect(project.content).toContain(project.description);
    expect(project.content).toContain("48000000 Logiciels et systèmes d'information");
    expect(project.content).toContain('Selon les indications de la pièce 1 « Conditions administratives »');
  });

  it('maps every field of the award fixture', () => {
    const project = applyPublication(null, mapPublication(raw('publication-details-award.json')), 8);
    expect(project).toMatchObject({
      projectId: 'af18ebb4-ed0d-4ad3-97b9-8a4f64f258b1',
      title: 'BHNS GVZ - Secteur 5 - lot 1 - Travaux de génie civil',
      titleFr: 'BHNS GVZ - Secteur 5 - lot 1 - Travaux de génie civil',
      description: "Travaux de génie civil sur l'Avenue de l'Ain et le carrefour avec la route de Vernier.",
      organization: 'OCGC - Service des Infrastructures Transports Publics (MO)',
      canton: 'GE',
      postalCode: '1213',
      city: 'Petit-Lancy',
      location: '1213 Petit-Lancy (GE)',
      category: 'construction',
      cpvCodes: ['45200000'],
      status: 'awarded',
      pubType: 'award',
      projectNumber: '19474',
      publicationNumber: '19474-03',
      creationLanguage: 'fr',
      publishedAt: '2025-09-24T00:00:00.000Z',
      lastPublicationAt: '2026-04-17T00:00:00.000Z',
      deadline: null,
      budget: 2724864.44,
      budgetCurrency: 'CHF',
      awardVendors: [{ lotNumber: null, name: 'SOGECA SA', city: 'Vernier', price: 2724864.44, currency: 'CHF' }],
      url: 'https://www.simap.ch/fr/project-detail/af18ebb4-ed0d-4ad3-97b9-8a4f64f258b1',
    });
    expect(project.content).toContain('SOGECA SA, Vernier CHF 2724864.44');
  });

  it('keeps main then additional CPV codes, the corrected flag and an unstructured place', () => {
    const project = applyPublication(null, mapPublication(raw('publication-details-tender-2.json', { corrected: true })), 9);
    expect(project).toMatchObject({
      cpvCodes: ['32400000', '32410000', '32420000', '32430000'],
      corrected: true,
      canton: null,
      location: 'Ganze Schweiz',
      creationLanguage: 'de',
      titleDe: 'Business Connectivity as a Service',
      titleFr: 'Business Connectivity as a Service',
      publishedAt: '2026-07-06T00:00:00.000Z',
      deadline: '2026-08-30T22:00:00.000Z',
    });
  });

  it('rejects a record that does not fit the spec, naming the fields', () => {
    const bad = raw('publication-details-tender.json');
    (bad.details as Json).base.publicationDate = '22.01.2026';
    (bad.details as Json).procurement.cpvCode.code = '4800';
    expect(() => mapPublication(bad)).toThrow(PublicationValidationError);
    try {
      mapPublication(bad);
    } catch (error) {
      expect((error as PublicationValidationError).issues.join('\n')).toMatch(
        /details\.base\.publicationDate: must be a date YYYY-MM-DD[\s\S]*details\.procurement\.cpvCode\.code: must be an 8-digit CPV code/,
      );
    }
  });
});
