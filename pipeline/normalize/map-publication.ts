import { z } from 'zod';
import { Language, PublicationDetails, SearchEntry, type SearchLot, type Translation } from '../simap/simap-schemas.ts';
import { htmlToText } from './html-to-text.ts';
import type { AwardVendor } from '../../db/project-record.ts';
import { KNOWN_PUB_TYPES } from './project-status.ts';
import type { NormalizedPublication } from './normalized-publication.ts';
import { pickText, textIn } from './translation-text.ts';

export interface RawPublication {
  seq: number;
  source: string;
  publicationId: string;
  projectId: string;
  searchEntry: unknown;
  details: unknown;
}

export class PublicationValidationError extends Error {
  constructor(
    readonly publicationId: string,
    readonly issues: string[],
  ) {
    super(`publication ${publicationId} failed validation: ${issues.join('; ')}`);
    this.name = 'PublicationValidationError';
  }
}

const RawRecord = z.object({ searchEntry: SearchEntry, details: PublicationDetails }).superRefine((record, ctx) => {
  if (record.details.base.projectId !== record.searchEntry.id) {
    ctx.addIssue({ code: 'custom', path: ['details', 'base', 'projectId'], message: `differs from the search entry's project ${record.searchEntry.id}` });
  }
  if (!KNOWN_PUB_TYPES.has(record.details.type)) {
    ctx.addIssue({
      code: 'custom',
      path: ['details', 'type'],
      message: `unknown publication type "${record.details.type}": not turned into a project until normalize knows it`,
    });
  }
  if (!pickText(record.details.base.title, 'de') && !pickText(record.searchEntry.title, 'de')) {
    ctx.addIssue({ code: 'custom', path: ['details', 'base', 'title'], message: 'has no text in any language' });
  }
});

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

function formatLocation(postalCode: string | null, city: string | null, canton: string | null, description: string | null): string | null {
  const place = [postalCode, city].filter(Boolean).join(' ');
  if (place) return canton ? `${place} (${canton})` : place;
  return description ?? canton;
}

function earliest(...dates: Array<string | null | undefined>): string {
  return dates.filter((d): d is string => Boolean(d)).sort()[0]!;
}

function vendorsOf(details: PublicationDetails, lotNumber: number | null): AwardVendor[] | null {
  const vendors = details.decision?.vendors;
  if (!vendors || vendors.length === 0) return null;
  return vendors
    .filter((vendor) => vendor.vendorName)
    .map((vendor) => ({
      lotNumber,
      name: vendor.vendorName!.trim(),
      city: vendor.vendorAddress?.city?.trim() || null,
      price: vendor.price?.price ?? null,
      currency: vendor.price?.currency ? vendor.price.currency.toUpperCase() : null,
    }));
}

function notesOf(details: PublicationDetails, language: Language, vendors: AwardVendor[] | null): string[] {
  const notes: Array<string | null> = [];
  const note = (translation: Translation | null | undefined) => notes.push(htmlToText(pickText(translation, language)) || null);
  note(details.procurement?.executionNote);
  note(details.procurement?.optionsNote);
  note(details.procurement?.variantsNote);
  note(details.terms?.termsNote);
  note(details.correction?.remarks);
  note(details.decision?.awardDecisionJustification);
  for (const vendor of vendors ?? []) {
    const price = vendor.price !== null ? ` ${vendor.currency ?? ''} ${vendor.price}`.trimEnd() : '';
    notes.push(`${vendor.name}${vendor.city ? `, ${vendor.city}` : ''}${price}`);
  }
  return notes.filter((n): n is string => Boolean(n));
}

/** A stored raw publication (search entry + details) in our terms; throws PublicationValidationError when it does not fit the spec. */
export function mapPublication(raw: RawPublication): NormalizedPublication {
  const parsed = RawRecord.safeParse({ searchEntry: raw.searchEntry, details: raw.details });
  if (!parsed.success) throw new PublicationValidationError(raw.publicationId, issuesOf(parsed.error));
  const { searchEntry: entry, details } = parsed.data;
  const base = details.base;
  const info = details['project-info'];
  const procurement = details.procurement;
  const language = base.creationLanguage ?? 'de';

  const searchLot: SearchLot | undefined = entry.lots?.find((lot) => lot.publicationId === raw.publicationId);
  const lotNumber = details.lot?.lotNumber ?? searchLot?.lotNumber ?? null;
  const isLot = Boolean(details.lot) || Boolean(searchLot);

  const titles = Object.fromEntries(Language.options.map((l) => [l, textIn(base.title, l) ?? textIn(info?.title, l) ?? textIn(entry.title, l)])) as Record<
    Language,
    string | null
  >;
  const title = pickText(base.title, language) ?? pickText(info?.title, language) ?? pickText(entry.title, language)!;

  const orderDescription = htmlToText(pickText(procurement?.orderDescription, language));
  const projectDescription = htmlToText(pickText(procurement?.projectOrderDescription, language));
  const lotTitle = pickText(details.lot?.title, language) ?? pickText(searchLot?.lotTitle, language);

  const addressDescription = pickText(procurement?.orderAddressDescription, language);
  // Awards carry no place of performance; the procurement office's address is the best place we have.
  const office = addressDescription ? null : (info?.procOfficeAddress ?? null);
  const address = procurement?.orderAddress ?? searchLot?.orderAddress ?? entry.orderAddress ?? office;
  const canton = address?.cantonId?.trim().toUpperCase() || null;
  const postalCode = address?.postalCode?.trim() || null;
  const city = pickText(address?.city, language);

  const mainCpv = procurement?.cpvCode ?? base.cpvCode ?? null;
  const cpvAll = [...(mainCpv ? [mainCpv] : []), ...(procurement?.additionalCpvCodes ?? [])];
  const cpvCodes = [...new Set(cpvAll.map((cpv) => cpv.code))];
  const cpvLabels = Object.fromEntries(
    cpvAll.map((cpv) => [cpv.code, pickText(cpv.label, language)]).filter((pair): pair is [string, string] => pair[1] !== null),
  );

  const offerDeadline = details.dates?.offerDeadline;
  const vendors = vendorsOf(details, lotNumber);

  return {
    seq: raw.seq,
    source: raw.source,
    publicationId: raw.publicationId,
    projectId: entry.id,
    pubType: details.type,
    publicationDate: base.publicationDate,
    firstPublicationDate: earliest(
      base.publicationDate,
      base.initialPublicationDate,
      details.dates?.initialPublicationDate,
      details.referencingPub?.publicationDate,
    ),
    corrected: base.corrected ?? searchLot?.corrected ?? entry.corrected ?? false,
    lotNumber,
    lot: isLot ? { title: lotTitle, description: orderDescription } : null,
    creationLanguage: language,
    title,
    titles,
    description: isLot ? projectDescription : orderDescription || projectDescription,
    organization: pickText(info?.procOfficeAddress?.name, language) ?? pickText(entry.procOfficeName, language),
    canton,
    postalCode,
    city,
    location: formatLocation(postalCode, city, canton, addressDescription),
    category: procurement?.orderType ?? base.orderType ?? info?.orderType ?? entry.projectSubType ?? null,
    processType: base.processType ?? procurement?.processType ?? entry.processType ?? null,
    projectSubType: entry.projectSubType ?? null,
    lotsType: base.lotsType ?? entry.lotsType ?? null,
    projectNumber: base.projectNumber ?? entry.projectNumber ?? null,
    publicationNumber: base.publicationNumber ?? searchLot?.publicationNumber ?? entry.publicationNumber ?? null,
    cpvCodes,
    cpvLabels,
    deadline: offerDeadline ? new Date(offerDeadline).toISOString() : null,
    awardVendors: vendors,
    notes: notesOf(details, language, vendors),
  };
}
