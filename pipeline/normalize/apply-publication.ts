import { simapProjectUrl } from '../../domain/simap-url.ts';
import type { AwardVendor, LotText, NormalizedPublication } from './normalized-publication.ts';
import type { ProjectMetadata, ProjectRecord } from './project-record.ts';
import { statusForPubType } from './project-status.ts';

function dayStart(date: string): string {
  return `${date}T00:00:00.000Z`;
}

/** Orders by content, never by fetch order, so any arrival order gives the same project. */
function isNewer(publication: NormalizedPublication, metadata: ProjectMetadata): boolean {
  const incoming = [publication.publicationDate, publication.publicationNumber ?? '', publication.publicationId];
  const latest = [metadata.latestPublicationDate, metadata.latestPublicationNumber ?? '', metadata.latestPublicationId];
  for (let i = 0; i < incoming.length; i++) {
    if (incoming[i] !== latest[i]) return incoming[i]! > latest[i]!;
  }
  return true;
}

function sortedLots(lots: Record<string, LotText>): Record<string, LotText> {
  return Object.fromEntries(Object.entries(lots).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b)));
}

function mergeVendors(existing: AwardVendor[] | null, incoming: AwardVendor[] | null, replace: boolean): AwardVendor[] | null {
  if (!incoming) return existing;
  const lot = incoming[0]?.lotNumber ?? null;
  const others = (existing ?? []).filter((vendor) => vendor.lotNumber !== lot);
  if (!replace && others.length !== (existing ?? []).length) return existing;
  return [...others, ...incoming].sort((a, b) => (a.lotNumber ?? 0) - (b.lotNumber ?? 0));
}

function budgetOf(vendors: AwardVendor[] | null): { budget: number | null; budgetCurrency: string | null } {
  const priced = (vendors ?? []).filter((vendor) => vendor.price !== null);
  const currencies = new Set(priced.map((vendor) => vendor.currency));
  if (priced.length === 0 || currencies.size !== 1) return { budget: null, budgetCurrency: null };
  const total = priced.reduce((sum, vendor) => sum + vendor.price!, 0);
  return { budget: Math.round(total * 100) / 100, budgetCurrency: [...currencies][0] ?? null };
}

function describe(projectDescription: string, lots: Record<string, LotText>): string {
  const lotSections = Object.entries(lots).map(([number, lot]) =>
    [`Lot ${number}${lot.title ? `: ${lot.title}` : ''}`, lot.description].filter(Boolean).join('\n'),
  );
  return [projectDescription, ...lotSections].filter(Boolean).join('\n\n');
}

function readableContent(record: Omit<ProjectRecord, 'content'>): string {
  const cpv = record.cpvCodes.map((code) => `${code} ${record.metadata.cpvLabels[code] ?? ''}`.trim());
  return [record.title, record.organization, record.location, record.description, cpv.join('\n'), ...record.metadata.notes]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
}

/** The project after one more publication. Publications may arrive in any order; the newest one sets the current state. */
export function applyPublication(existing: ProjectRecord | null, publication: NormalizedPublication, id: number): ProjectRecord {
  const newest = !existing || isNewer(publication, existing.metadata);
  const lotKey = publication.lot ? String(publication.lotNumber ?? publication.publicationId) : null;
  const lots = { ...(existing?.metadata.lots ?? {}) };
  if (lotKey && publication.lot && (newest || !lots[lotKey])) lots[lotKey] = publication.lot;
  const awardVendors = mergeVendors(existing?.awardVendors ?? null, publication.awardVendors, newest);
  const firstPublishedAt = dayStart(publication.firstPublicationDate);
  const publishedAt = existing && existing.publishedAt < firstPublishedAt ? existing.publishedAt : firstPublishedAt;

  if (existing && !newest) {
    const metadata = { ...existing.metadata, lots: sortedLots(lots) };
    const record = {
      ...existing,
      publishedAt,
      awardVendors,
      ...budgetOf(awardVendors),
      metadata,
      description: lotKey ? describe(existing.metadata.projectDescription, metadata.lots) : existing.description,
    };
    return { ...record, content: readableContent(record) };
  }

  const p = publication;
  const language = p.creationLanguage;
  const url = simapProjectUrl(p.projectId, language ?? 'de');
  const metadata: ProjectMetadata = {
    url,
    projectSubType: p.projectSubType ?? existing?.metadata.projectSubType ?? null,
    lotsType: p.lotsType ?? existing?.metadata.lotsType ?? null,
    latestPublicationId: p.publicationId,
    latestPublicationDate: p.publicationDate,
    latestPublicationNumber: p.publicationNumber,
    cpvLabels: p.cpvCodes.length > 0 ? p.cpvLabels : (existing?.metadata.cpvLabels ?? {}),
    lots: sortedLots(lots),
    notes: p.notes,
    projectDescription: p.description || existing?.metadata.projectDescription || '',
  };
  const record: Omit<ProjectRecord, 'content'> = {
    id,
    source: p.source,
    projectId: p.projectId,
    title: p.title,
    titleFr: p.titles.fr ?? existing?.titleFr ?? null,
    titleDe: p.titles.de ?? existing?.titleDe ?? null,
    titleIt: p.titles.it ?? existing?.titleIt ?? null,
    titleEn: p.titles.en ?? existing?.titleEn ?? null,
    description: describe(metadata.projectDescription, metadata.lots),
    organization: p.organization ?? existing?.organization ?? null,
    location: p.location ?? existing?.location ?? null,
    canton: p.canton ?? existing?.canton ?? null,
    postalCode: p.postalCode ?? existing?.postalCode ?? null,
    city: p.city ?? existing?.city ?? null,
    category: p.category ?? existing?.category ?? null,
    cpvCodes: p.cpvCodes.length > 0 ? p.cpvCodes : (existing?.cpvCodes ?? []),
    status: statusForPubType(p.pubType),
    pubType: p.pubType,
    processType: p.processType ?? existing?.processType ?? null,
    projectNumber: p.projectNumber ?? existing?.projectNumber ?? null,
    publicationNumber: p.publicationNumber ?? existing?.publicationNumber ?? null,
    creationLanguage: language,
    corrected: p.corrected,
    awardVendors,
    publishedAt,
    lastPublicationAt: dayStart(p.publicationDate),
    deadline: p.deadline ?? existing?.deadline ?? null,
    ...budgetOf(awardVendors),
    url,
    metadata,
  };
  return { ...record, content: readableContent(record) };
}
