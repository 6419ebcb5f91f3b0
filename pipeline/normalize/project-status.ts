import type { ProjectStatus } from '../../db/project-record.ts';

/** Publication types that announce an opportunity a subscriber can still answer. */
export const OPPORTUNITY_PUB_TYPES = [
  'tender',
  'advance_notice',
  'competition',
  'study_contract',
  'request_for_information',
  'participant_selection',
  'selective_offering_phase',
] as const;

export function statusForPubType(pubType: string): ProjectStatus {
  switch (pubType) {
    case 'award':
    case 'direct_award':
      return 'awarded';
    case 'revocation':
      return 'revoked';
    case 'abandonment':
      return 'abandoned';
    default:
      return 'open';
  }
}
