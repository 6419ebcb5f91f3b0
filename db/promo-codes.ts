import type { Knex } from 'knex';

export type PromoType = 'discount' | 'trial';

export interface PromoCodeRow {
  id: number;
  code: string;
  type: PromoType;
  /** Percent off for a discount, days for a trial. */
  value: number;
  maxRedemptions: number | null;
  redemptions: number;
  expiresAt: Date | null;
  active: boolean;
  stripeCouponId: string | null;
  createdAt: Date;
}

export interface NewPromoCode {
  code: string;
  type: PromoType;
  value: number;
  maxRedemptions: number | null;
  expiresAt: Date | null;
}

export async function findPromoCode(db: Knex, code: string): Promise<PromoCodeRow | undefined> {
  return db<PromoCodeRow>('promo_codes').where({ code }).first();
}

export async function findPromoCodes(db: Knex): Promise<PromoCodeRow[]> {
  return db<PromoCodeRow>('promo_codes').orderBy([
    { column: 'createdAt', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

export async function insertPromoCode(db: Knex, promo: NewPromoCode): Promise<PromoCodeRow> {
  const [row] = await db<PromoCodeRow>('promo_codes').insert(promo).returning('*');
  return row as PromoCodeRow;
}

/** Stores the Stripe coupon unless another request stored one first; answers the stored one. */
export async function setPromoCoupon(db: Knex, id: number, stripeCouponId: string): Promise<string> {
  await db('promo_codes').where({ id }).whereNull('stripeCouponId').update({ stripeCouponId });
  const row = await db<PromoCodeRow>('promo_codes').where({ id }).first('stripeCouponId');
  return row?.stripeCouponId ?? stripeCouponId;
}

export async function redeemPromoCode(db: Knex, code: string): Promise<boolean> {
  return (await db('promo_codes').where({ code }).increment('redemptions', 1)) > 0;
}
