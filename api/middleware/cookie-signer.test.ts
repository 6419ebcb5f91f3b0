import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieSigner } from './session.ts';

/** keygrip 1.1's signature: HMAC-SHA1 in base64 with `/` → `_`, `+` → `-` and no `=`. */
const keygripSign = (data: string, key: string) =>
  createHmac('sha1', key)
    .update(data)
    .digest('base64')
    .replace(/\/|\+|=/g, (x) => ({ '/': '_', '+': '-', '=': '' })[x]!);

describe('cookieSigner', () => {
  const keys = ['new key', 'old key'];
  const signer = cookieSigner(keys);
  const values = ['vigie.sid=abc', 'vigie.sid=' + 'x'.repeat(200), 'vigie.sid=é€😀', ''];

  it('signs as keygrip does, so that the cookies signed before stay valid', () => {
    for (const data of values) expect(signer.sign(data)).toBe(keygripSign(data, keys[0]!));
  });

  it('finds the key that signed a value, any key verifying', () => {
    for (const data of values) {
      expect(signer.index(data, keygripSign(data, 'new key'))).toBe(0);
      expect(signer.index(data, keygripSign(data, 'old key'))).toBe(1);
      expect(signer.verify(data, keygripSign(data, 'old key'))).toBe(true);
    }
  });

  it('refuses other signatures: another key, another value, a truncated, padded or non-ASCII digest', () => {
    const data = 'vigie.sid=abc';
    const good = keygripSign(data, 'new key');
    for (const digest of [keygripSign(data, 'stranger'), keygripSign('vigie.sid=abd', 'new key'), good.slice(1), `${good}=`, '', `é${good.slice(2)}`]) {
      expect(signer.index(data, digest)).toBe(-1);
      expect(signer.verify(data, digest)).toBe(false);
    }
  });

  it('needs a key', () => {
    expect(() => cookieSigner([])).toThrow();
  });
});
