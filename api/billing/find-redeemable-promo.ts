import type { Knex } from 'knex';
import { findPromoCode, type PromoCodeRow } from '../../db/promo-codes.ts';
import { normalizePromoCode, promoState } from './promo-state.ts';

/** The promo code if it exists and can be used now; expired, inactive and exhausted codes are not. */
export async function findRedeemablePromo(db: Knex, code: string, now: Date): Promise<PromoCodeRow | undefined> {
  const normalized = normalizePromoCode(code);
  if (normalized === '') return undefined;
  const promo = await findPromoCode(db, normalized);
  return promo && promoState(promo, now) === 'valid' ? promo : undefined;
}
