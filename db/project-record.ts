import type { Language } from '../domain/languages.ts';

/** The types of a `projects` row, owned here so db/ needs nothing from pipeline/; normalize builds them. */
export type ProjectStatus = 'open' | 'awarded' | 'revoked' | 'abandoned';

export interface AwardVendor {
  lotNumber: number | null;
  name: string;
  city: string | null;
  price: number | null;
  currency: string | null;
}

export interface LotText {
  title: string | null;
  description: string;
}

export interface ProjectMetadata {
  url: string;
  projectSubType: string | null;
  lotsType: string | null;
  latestPublicationId: string;
  latestPublicationDate: string;
  latestPublicationNumber: string | null;
  cpvLabels: Record<string, string>;
  lots: Record<string, LotText>;
  notes: string[];
  /** The project-level description, before the lots' sections are appended. */
  projectDescription: string;
}

/** A `projects` row as normalize writes it; timestamps as ISO strings so records compare by value. */
export interface ProjectRecord {
  id: number;
  source: string;
  projectId: string;
  title: string;
  titleFr: string | null;
  titleDe: string | null;
  titleIt: string | null;
  titleEn: string | null;
  description: string;
  content: string;
  organization: string | null;
  location: string | null;
  canton: string | null;
  postalCode: string | null;
  city: string | null;
  category: string | null;
  cpvCodes: string[];
  status: ProjectStatus;
  pubType: string;
  processType: string | null;
  projectNumber: string | null;
  publicationNumber: string | null;
  creationLanguage: Language;
  corrected: boolean;
  awardVendors: AwardVendor[] | null;
  publishedAt: string;
  lastPublicationAt: string;
  deadline: string | null;
  budget: number | null;
  budgetCurrency: string | null;
  url: string;
  metadata: ProjectMetadata;
}
