import type { AwardVendor, LotText } from '../../db/project-record.ts';
import type { Language } from '../../domain/languages.ts';

/** What one publication says about its project, in our terms; merged into `projects` by `applyPublication`. */
export interface NormalizedPublication {
  seq: number;
  source: string;
  publicationId: string;
  projectId: string;
  pubType: string;
  publicationDate: string;
  /** The earliest publication date this notice knows of (itself, the corrected original, the referenced tender). */
  firstPublicationDate: string;
  corrected: boolean;
  lotNumber: number | null;
  lot: LotText | null;
  creationLanguage: Language;
  title: string;
  titles: Record<Language, string | null>;
  description: string;
  organization: string | null;
  canton: string | null;
  postalCode: string | null;
  city: string | null;
  location: string | null;
  category: string | null;
  processType: string | null;
  projectSubType: string | null;
  lotsType: string | null;
  projectNumber: string | null;
  publicationNumber: string | null;
  cpvCodes: string[];
  cpvLabels: Record<string, string>;
  deadline: string | null;
  awardVendors: AwardVendor[] | null;
  /** Readable notice text beyond titles and description: notes, corrections, award decision. */
  notes: string[];
}
