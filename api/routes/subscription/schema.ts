import { z } from 'zod';
import { PROMO_CODE_REQUIRED } from '../../billing/billing-errors.ts';

const ReturnUrl = z
  .string({ error: 'Must be a URL' })
  .trim()
  .max(2000, 'Must be at most 2000 characters')
  .nullish()
  .transform((value) => value || undefined);

export const CheckoutBody = z.object({
  plan: z.enum(['monthly', 'yearly'], { error: 'Plan must be monthly or yearly' }),
  promoCode: z
    .string({ error: 'Promo code must be text' })
    .trim()
    .max(64, 'Invalid promo code')
    .nullish()
    .transform((value) => value || undefined),
  successUrl: ReturnUrl,
  cancelUrl: ReturnUrl,
});

export const PortalBody = z.object({ returnUrl: ReturnUrl });

export const PromoParams = z.object({
  code: z.string().trim().min(1, PROMO_CODE_REQUIRED),
});
