import type { PromoCodeRow } from '../../db/promo-codes.ts';

export type PromoState = 'valid' | 'inactive' | 'expired' | 'exhausted';

export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export function promoState(promo: Pick<PromoCodeRow, 'active' | 'expiresAt' | 'maxRedemptions' | 'redemptions'>, now: Date): PromoState {
  if (!promo.active) return 'inactive';
  if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions) return 'exhausted';
  return 'valid';
}

/** What the code gives, as the subscription page shows it: "-20 %" or "30 days free". */
export function promoBenefit(promo: Pick<PromoCodeRow, 'type' | 'value'>): string {
  if (promo.type === 'discount') return `-${promo.value} %`;
  return `${promo.value} ${promo.value === 1 ? 'day' : 'days'} free`;
}
