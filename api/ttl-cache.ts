/**
 * Answers kept by key for `ttlMs` (0: every call reads); a failed read is forgotten. Past `maxEntries` the expired
 * entries go first, and if none has expired, all of them.
 */
export interface TtlCache<T> {
  get(key: string, read: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createTtlCache<T>(ttlMs: number, maxEntries: number): TtlCache<T> {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  return {
    get(key, read) {
      if (ttlMs <= 0) return read();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = read();
      if (entries.size >= maxEntries) for (const [kept, entry] of entries) if (entry.expires <= now) entries.delete(kept);
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, expires: now + ttlMs });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}
