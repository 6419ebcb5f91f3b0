export type ProjectStatus = 'open' | 'awarded' | 'revoked' | 'abandoned';

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

/** Every publication type normalize knows; another one is quarantined rather than guessed to be an open project. */
export const KNOWN_PUB_TYPES: ReadonlySet<string> = new Set([...OPPORTUNITY_PUB_TYPES, 'award', 'direct_award', 'revocation', 'abandonment']);

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
