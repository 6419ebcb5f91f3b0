import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Generators of simap JSON built from the recorded fixtures: same shapes, varied ids, titles, CPV codes, cantons and dates.

export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'simap');

type Json = Record<string, unknown>;

export function loadSimapFixture<T = Json>(name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES_DIR, name), 'utf8')) as T;
}

const clone = <T>(value: T): T => structuredClone(value);

/** A stable UUID-shaped id from any seed text. */
export function uuidFrom(seed: string): string {
  const h = createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A project as simap's search lists it (its newest publication) plus the details of each publication. */
export interface SimapProject {
  entry: Json;
  details: Map<string, Json>;
}

const SUBJECTS = [
  {
    fr: 'Entretien des horloges de clocher',
    de: 'Wartung der Turmuhren',
    it: 'Manutenzione degli orologi dei campanili',
    cpv: '50432000',
    label: "Services de réparation et d'entretien d'horloges",
    type: 'service',
  },
  {
    fr: 'Pose de paratonnerres sur la tour communale',
    de: 'Blitzschutzanlage des Gemeindeturms',
    it: 'Parafulmini della torre comunale',
    cpv: '45312311',
    label: 'Travaux d’installation de paratonnerre',
    type: 'construction',
  },
  {
    fr: 'Traduction des publications officielles',
    de: 'Übersetzung der amtlichen Publikationen',
    it: 'Traduzione delle pubblicazioni ufficiali',
    cpv: '79530000',
    label: 'Services de traduction',
    type: 'service',
  },
  {
    fr: 'Fourniture de voiles pour le club nautique',
    de: 'Lieferung von Segeln für den Segelclub',
    it: 'Fornitura di vele per il circolo velico',
    cpv: '39522400',
    label: 'Voiles',
    type: 'supply',
  },
  {
    fr: 'Soins aux ruchers communaux',
    de: 'Betreuung der Bienenvölker der Gemeinde',
    it: 'Cura degli apiari comunali',
    cpv: '77900000',
    label: "Services liés à l'apiculture",
    type: 'service',
  },
  {
    fr: 'Effarouchement des pigeons',
    de: 'Taubenabwehr in der Altstadt',
    it: 'Allontanamento dei piccioni',
    cpv: '90922000',
    label: 'Services de lutte contre les parasites',
    type: 'service',
  },
  {
    fr: 'Couverture en ardoises de la chapelle',
    de: 'Schieferdach der Kapelle',
    it: 'Copertura in ardesia della cappella',
    cpv: '45261212',
    label: 'Travaux de couverture en ardoises',
    type: 'construction',
  },
  {
    fr: 'Fourniture de rideaux de scène',
    de: 'Lieferung von Bühnenvorhängen',
    it: 'Fornitura di sipari per il teatro',
    cpv: '39515100',
    label: 'Rideaux',
    type: 'supply',
  },
] as const;

const PLACES = [
  { canton: 'VD', postalCode: '1003', city: 'Lausanne', lang: 'fr' },
  { canton: 'GE', postalCode: '1204', city: 'Genève', lang: 'fr' },
  { canton: 'BE', postalCode: '3011', city: 'Bern', lang: 'de' },
  { canton: 'ZH', postalCode: '8001', city: 'Zürich', lang: 'de' },
  { canton: 'TI', postalCode: '6900', city: 'Lugano', lang: 'it' },
  { canton: 'VS', postalCode: '1950', city: 'Sion', lang: 'fr' },
  { canton: 'BS', postalCode: '4051', city: 'Basel', lang: 'de' },
  { canton: 'LU', postalCode: '6003', city: 'Luzern', lang: 'de' },
] as const;

function translation(lang: string, text: string | null): Json {
  return { de: null, en: null, fr: null, it: null, [lang]: text };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface TenderOptions {
  publicationDate?: string;
  /** Projects with equal dates are ordered by project number; keep it unique. */
  projectNumber?: number;
}

/** Tender number `n`: the TL Lausanne tender fixture with its texts, place, CPV code and dates varied by `n`. */
export function syntheticTender(n: number, options: TenderOptions = {}): SimapProject {
  const subject = SUBJECTS[n % SUBJECTS.length]!;
  const place = PLACES[Math.floor(n / SUBJECTS.length) % PLACES.length]!;
  const lang = place.lang;
  const projectId = uuidFrom(`project-${n}`);
  const publicationId = uuidFrom(`publication-${n}-1`);
  const projectNumber = String(options.projectNumber ?? 40_000 + n);
  const publicationDate = options.publicationDate ?? addDays('2026-01-01', n % 60);
  const title = `${subject[lang]} ${place.city} ${n}`;
  const details = clone(loadTenderTemplate());
  const base = details.base as Json;
  Object.assign(base, {
    id: publicationId,
    projectId,
    projectNumber,
    publicationNumber: `${projectNumber}-01`,
    publicationDate,
    creationLanguage: lang,
    orderType: subject.type,
    title: translation(lang, title),
    cpvCode: { code: subject.cpv, label: translation(lang, subject.label) },
  });
  details.id = publicationId;
  const info = details['project-info'] as Json;
  info.title = translation(lang, title);
  const office = info.procOfficeAddress as Json;
  office.name = translation(lang, `Service des achats de ${place.city}`);
  office.cantonId = place.canton;
  const procurement = details.procurement as Json;
  Object.assign(procurement, {
    orderType: subject.type,
    orderDescription: translation(lang, `<p>${subject[lang]} (${place.city}).</p><p>Projet n° ${n} : prestations détaillées dans le cahier des charges.</p>`),
    cpvCode: { code: subject.cpv, label: translation(lang, subject.label) },
    additionalCpvCodes: n % 3 === 0 ? [{ code: '79930000', label: translation(lang, 'Services de conception spécialisée') }] : [],
    orderAddress: { countryId: 'CH', cantonId: place.canton, postalCode: place.postalCode, city: translation(lang, place.city) },
    orderAddressDescription: translation(lang, null),
  });
  const dates = details.dates as Json;
  dates.publicationDate = publicationDate;
  dates.offerDeadline = `${addDays(publicationDate, 40)}T12:00:00+01:00`;
  const entry: Json = {
    id: projectId,
    title: translation(lang, title),
    projectNumber,
    projectType: 'tender',
    projectSubType: subject.type,
    processType: 'open',
    lotsType: 'without',
    publicationId,
    publicationDate,
    publicationNumber: `${projectNumber}-01`,
    pubType: 'tender',
    corrected: false,
    procOfficeName: translation(lang, `Service des achats de ${place.city}`),
    lots: [],
    orderAddressOnlyDescription: 'no',
    orderAddress: { countryId: 'CH', cantonId: place.canton, postalCode: place.postalCode, city: translation(lang, place.city) },
  };
  return { entry, details: new Map([[publicationId, details]]) };
}

let tenderTemplate: Json | undefined;
function loadTenderTemplate(): Json {
  tenderTemplate ??= loadSimapFixture<Json>('publication-details-tender.json');
  return tenderTemplate;
}

function withNewestPublication(
  project: SimapProject,
  publication: { id: string; date: string; pubType: string; corrected: boolean; number: string },
): SimapProject {
  const entry = clone(project.entry);
  Object.assign(entry, {
    publicationId: publication.id,
    publicationDate: publication.date,
    pubType: publication.pubType,
    corrected: publication.corrected,
    publicationNumber: publication.number,
  });
  return { entry, details: new Map(project.details) };
}

/** A correction of the project's tender: new publication id, `corrected`, a later deadline and a changed title. */
export function correctionOf(project: SimapProject, options: { publicationDate: string; deadline: string; title?: string }): SimapProject {
  const original = [...project.details.values()].at(-1)!;
  const originalBase = original.base as Json;
  const publicationId = uuidFrom(`correction-${originalBase.id as string}`);
  const details = clone(original);
  const base = details.base as Json;
  const lang = base.creationLanguage as string;
  details.id = publicationId;
  Object.assign(base, {
    id: publicationId,
    corrected: true,
    publicationDate: options.publicationDate,
    publicationNumber: `${originalBase.projectNumber as string}-02`,
    correctedPubId: originalBase.id,
    initialPublicationDate: originalBase.publicationDate,
  });
  if (options.title) {
    base.title = translation(lang, options.title);
    (details['project-info'] as Json).title = translation(lang, options.title);
  }
  (details.dates as Json).offerDeadline = options.deadline;
  (details.dates as Json).publicationDate = options.publicationDate;
  details.correction = {
    correctedPubId: originalBase.id,
    initialPublicationDate: originalBase.publicationDate,
    correctionDiffKeys: [],
    remarks: translation(lang, 'Délai prolongé.'),
  };
  const next = withNewestPublication(project, {
    id: publicationId,
    date: options.publicationDate,
    pubType: 'tender',
    corrected: true,
    number: base.publicationNumber as string,
  });
  if (options.title) next.entry.title = translation(lang, options.title);
  next.details.set(publicationId, details);
  return next;
}

/** The award of the project: the GE award fixture re-pointed at this project, with its vendor and price. */
export function awardOf(project: SimapProject, options: { publicationDate: string; vendor?: string; price?: number }): SimapProject {
  const tender = [...project.details.values()].at(-1)!;
  const tenderBase = tender.base as Json;
  const publicationId = uuidFrom(`award-${tenderBase.projectId as string}`);
  const details = loadSimapFixture('publication-details-award.json');
  const base = details.base as Json;
  const lang = tenderBase.creationLanguage as string;
  details.id = publicationId;
  Object.assign(base, {
    id: publicationId,
    projectId: tenderBase.projectId,
    projectNumber: tenderBase.projectNumber,
    publicationNumber: `${tenderBase.projectNumber as string}-03`,
    publicationDate: options.publicationDate,
    creationLanguage: lang,
    title: tenderBase.title,
    referencingPubId: tenderBase.id,
  });
  (details['project-info'] as Json).title = tenderBase.title;
  (details['project-info'] as Json).procOfficeAddress = (tender['project-info'] as Json).procOfficeAddress;
  const procurement = details.procurement as Json;
  const tenderProcurement = tender.procurement as Json;
  Object.assign(procurement, {
    orderDescription: tenderProcurement.orderDescription,
    cpvCode: tenderProcurement.cpvCode,
    additionalCpvCodes: tenderProcurement.additionalCpvCodes,
    orderType: tenderProcurement.orderType,
  });
  (details as Json & { procurement: Json }).procurement.orderAddress = tenderProcurement.orderAddress;
  const vendor = ((details.decision as Json).vendors as Json[])[0]!;
  if (options.vendor) vendor.vendorName = options.vendor;
  if (options.price !== undefined) (vendor.price as Json).price = options.price;
  details.referencingPub = {
    ...(details.referencingPub as Json),
    publicationId: tenderBase.id,
    publicationDate: tenderBase.publicationDate,
    pubType: 'tender',
  };
  const next = withNewestPublication(project, {
    id: publicationId,
    date: options.publicationDate,
    pubType: 'award',
    corrected: false,
    number: base.publicationNumber as string,
  });
  next.details.set(publicationId, details);
  return next;
}

/** The recorded project with two lots (Kantonspolizei Bern), lot publications built from the lot fixture. */
export function projectWithLots(): SimapProject {
  const search = loadSimapFixture<{ projects: Json[] }>('project-search-with-lots.json');
  const entry = clone(search.projects[0]!);
  const template = loadSimapFixture('publication-details-lot.json');
  const details = new Map<string, Json>();
  for (const lot of entry.lots as Json[]) {
    const lotDetails = clone(template);
    const publicationId = lot.publicationId as string;
    lotDetails.id = publicationId;
    Object.assign(lotDetails.base as Json, { id: publicationId, publicationNumber: lot.publicationNumber, referencingLotId: lot.lotId });
    lotDetails.lot = { id: lot.lotId, lotNumber: lot.lotNumber, title: lot.lotTitle, projectSubType: 'supply' };
    details.set(publicationId, lotDetails);
  }
  return { entry, details };
}

/** `count` tenders, newest first by construction, spread over `days` days ending `lastDate`. */
export function syntheticTenders(count: number, options: { lastDate?: string; days?: number; offset?: number } = {}): SimapProject[] {
  const lastDate = options.lastDate ?? '2026-03-01';
  const days = options.days ?? 20;
  return Array.from({ length: count }, (_, i) => {
    const n = (options.offset ?? 0) + i;
    return syntheticTender(n, { publicationDate: addDays(lastDate, -(i % days)) });
  });
}
