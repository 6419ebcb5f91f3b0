import { setPromoCoupon, type PromoCodeRow } from '../../db/promo-codes.ts';
import type { Billing } from './billing-context.ts';
import { callStripe } from './call-stripe.ts';

/**
 * The Stripe coupon behind a discount promo, created on its first use. The discount applies to the first invoice
 * (duration "once"): a promo code carries no duration of its own.
 */
export async function ensurePromoCoupon(billing: Billing, promo: PromoCodeRow): Promise<string> {
  if (promo.stripeCouponId) return promo.stripeCouponId;
  const coupon = await callStripe(billing, 'create coupon', () =>
    billing.stripe.coupons.create({
      percent_off: promo.value,
      duration: 'once',
      name: `${promo.code} -${promo.value}%`,
      metadata: { promoCode: promo.code },
    }),
  );
  return setPromoCoupon(billing.db, promo.id, coupon.id);
}
