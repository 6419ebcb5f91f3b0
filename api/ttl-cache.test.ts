import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('ttl cache', () => {
  it('keeps an answer for its key, forgets a failed read, and starts over past its size', async () => {
    const cache = createTtlCache<string>(600_000, 2);
    let reads = 0;
    const read = (value: string) => () => {
      reads += 1;
      return Promise.resolve(value);
    };
    expect(await cache.get('a', read('A'))).toBe('A');
    expect(await cache.get('a', read('other'))).toBe('A');
    expect(reads).toBe(1);

    await expect(cache.get('b', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get('b', read('B'))).toBe('B');

    // A third key with two live entries: none has expired, so the cache starts over.
    expect(await cache.get('c', read('C'))).toBe('C');
    expect(await cache.get('a', read('A again'))).toBe('A again');
  });

  it('reads every time with a time of 0', async () => {
    const cache = createTtlCache<number>(0, 10);
    let reads = 0;
    const read = () => Promise.resolve((reads += 1));
    await cache.get('k', read);
    expect(await cache.get('k', read)).toBe(2);
  });
});
