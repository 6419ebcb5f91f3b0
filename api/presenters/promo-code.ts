import type { PromoCodeRow } from '../../db/promo-codes.ts';
import { PROMO_CODE_VALID } from '../billing/billing-errors.ts';
import { promoBenefit } from '../billing/promo-state.ts';

export function presentValidPromo(promo: PromoCodeRow) {
  return { valid: true as const, code: promo.code, type: promo.type, value: promo.value, benefit: promoBenefit(promo), message: PROMO_CODE_VALID };
}
