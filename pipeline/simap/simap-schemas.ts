import { z } from 'zod';
import { LANGUAGES } from '../../domain/languages.ts';

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

/** The ten project sub types; the search answers 400 without a quick filter, so a watcher sends them all. */
export const PROJECT_SUB_TYPES = [
  'construction',
  'service',
  'supply',
  'project_competition',
  'idea_competition',
  'overall_performance_competition',
  'project_study',
  'idea_study',
  'overall_performance_study',
  'request_for_information',
] as const;

const text = z.string().nullish();
export const Translation = z.object({ de: text, fr: text, it: text, en: text });
export type Translation = z.infer<typeof Translation>;

export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const IsoDateTime = z.iso.datetime({ offset: true });

export const ProcurementAddress = z.object({
  countryId: z.string().nullish(),
  cantonId: z.string().nullish(),
  postalCode: z.string().nullish(),
  city: Translation.nullish(),
});

export const SearchLot = z.object({
  publicationId: z.string().min(1),
  publicationDate: IsoDate,
  publicationNumber: z.string().nullish(),
  pubType: z.string().min(1),
  corrected: z.boolean().nullish(),
  lotId: z.string().nullish(),
  lotNumber: z.number().int().nullish(),
  lotTitle: Translation.nullish(),
  orderAddress: ProcurementAddress.nullish(),
});
export type SearchLot = z.infer<typeof SearchLot>;

export const SearchEntry = z.object({
  id: z.string().min(1),
  title: Translation.nullish(),
  projectNumber: z.string().nullish(),
  projectType: z.string().nullish(),
  projectSubType: z.string().nullish(),
  processType: z.string().nullish(),
  lotsType: z.string().nullish(),
  publicationId: z.string().min(1),
  publicationDate: IsoDate,
  publicationNumber: z.string().nullish(),
  pubType: z.string().min(1),
  corrected: z.boolean().nullish(),
  procOfficeName: Translation.nullish(),
  lots: z.array(SearchLot).nullish(),
  orderAddress: ProcurementAddress.nullish(),
});
export type SearchEntry = z.infer<typeof SearchEntry>;

/** Entries stay `unknown` here: one bad entry is quarantined, it does not reject the page. */
export const SearchPage = z.object({
  projects: z.array(z.unknown()),
  pagination: z.object({ lastItem: z.string().nullish(), itemsPerPage: z.number().int().positive().nullish() }),
});
export type SearchPage = z.infer<typeof SearchPage>;

export const CpvCode = z.object({
  code: z
    .string()
    .regex(/^\d{8}(-\d)?$/, 'must be an 8-digit CPV code')
    .transform((code) => code.slice(0, 8)),
  label: Translation.nullish(),
});

const OfficeAddress = z.object({
  name: Translation.nullish(),
  cantonId: z.string().nullish(),
  postalCode: z.string().nullish(),
  city: Translation.nullish(),
  email: z.string().nullish(),
});

const Vendor = z.object({
  vendorName: z.string().nullish(),
  vendorAddress: z.object({ city: z.string().nullish(), cantonId: z.string().nullish(), countryId: z.string().nullish() }).nullish(),
  price: z.object({ currency: z.string().nullish(), price: z.number().nullish() }).nullish(),
});

/** The parts of `GET .../publication-details/{publicationId}` that Vigie reads; everything else stays in the raw JSON. */
export const PublicationDetails = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  base: z.object({
    projectId: z.string().min(1),
    title: Translation,
    publicationDate: IsoDate,
    publicationNumber: z.string().nullish(),
    projectNumber: z.string().nullish(),
    creationLanguage: Language.nullish(),
    orderType: z.string().nullish(),
    processType: z.string().nullish(),
    lotsType: z.string().nullish(),
    corrected: z.boolean().nullish(),
    initialPublicationDate: IsoDate.nullish(),
    cpvCode: CpvCode.nullish(),
  }),
  'project-info': z
    .object({
      title: Translation.nullish(),
      orderType: z.string().nullish(),
      processType: z.string().nullish(),
      procOfficeAddress: OfficeAddress.nullish(),
    })
    .nullish(),
  procurement: z
    .object({
      orderType: z.string().nullish(),
      processType: z.string().nullish(),
      orderDescription: Translation.nullish(),
      projectOrderDescription: Translation.nullish(),
      cpvCode: CpvCode.nullish(),
      additionalCpvCodes: z.array(CpvCode).nullish(),
      orderAddress: ProcurementAddress.nullish(),
      orderAddressDescription: Translation.nullish(),
      executionNote: Translation.nullish(),
      optionsNote: Translation.nullish(),
      variantsNote: Translation.nullish(),
    })
    .nullish(),
  dates: z
    .object({
      offerDeadline: IsoDateTime.nullish(),
      initialPublicationDate: IsoDate.nullish(),
    })
    .nullish(),
  terms: z.object({ termsNote: Translation.nullish() }).nullish(),
  decision: z
    .object({
      vendors: z.array(Vendor).nullish(),
      awardDecisionDate: IsoDate.nullish(),
      awardDecisionJustification: Translation.nullish(),
    })
    .nullish(),
  referencingPub: z.object({ publicationId: z.string().nullish(), publicationDate: IsoDate.nullish() }).nullish(),
  correction: z.object({ remarks: Translation.nullish() }).nullish(),
  lot: z.object({ id: z.string().nullish(), lotNumber: z.number().int().nullish(), title: Translation.nullish() }).nullish(),
});
export type PublicationDetails = z.infer<typeof PublicationDetails>;
