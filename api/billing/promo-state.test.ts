import { describe, expect, it } from 'vitest';
import { normalizePromoCode, promoBenefit, promoState } from './promo-state.ts';

const now = new Date('2026-05-01T12:00:00Z');
const base = { active: true, expiresAt: null, maxRedemptions: null, redemptions: 0 };

describe('promo codes', () => {
  it('are valid until inactive, expired or used up', () => {
    expect(promoState(base, now)).toBe('valid');
    expect(promoState({ ...base, active: false }, now)).toBe('inactive');
    expect(promoState({ ...base, expiresAt: now }, now)).toBe('expired');
    expect(promoState({ ...base, expiresAt: new Date(now.getTime() + 1) }, now)).toBe('valid');
    expect(promoState({ ...base, maxRedemptions: 3, redemptions: 3 }, now)).toBe('exhausted');
    expect(promoState({ ...base, maxRedemptions: 3, redemptions: 2 }, now)).toBe('valid');
  });

  it('describe their benefit and compare in upper case', () => {
    expect(promoBenefit({ type: 'discount', value: 20 })).toBe('-20 %');
    expect(promoBenefit({ type: 'trial', value: 30 })).toBe('30 days free');
    expect(promoBenefit({ type: 'trial', value: 1 })).toBe('1 day free');
    expect(normalizePromoCode('  spring20 ')).toBe('SPRING20');
  });
});
