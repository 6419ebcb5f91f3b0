import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../../test-support/test-config.ts';
import { derivedDataCacheDir, derivedDataKey, isDerivedDataCached, loadOrBuildDerived, setDerivedDataCacheDir } from './derived-data-cache.ts';

const original = derivedDataCacheDir();
afterEach(() => setDerivedDataCacheDir(original));

describe('the derived data cache', () => {
  it('builds once, then reads the value back from disk with its Maps and Sets', () => {
    setDerivedDataCacheDir(makeTempDir());
    const build = vi.fn(() => ({ stems: new Map([['de:reinig', 3]]), seen: new Set(['fr:nettoy']) }));
    const key = derivedDataKey(['catalog v1']);
    expect(isDerivedDataCached('tables', key)).toBe(false);
    const first = loadOrBuildDerived('tables', key, build);
    const second = loadOrBuildDerived('tables', key, build);
    expect(build).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(second.stems.get('de:reinig')).toBe(3);
    expect(isDerivedDataCached('tables', key)).toBe(true);
  });

  it('keys by the inputs: other data is built anew beside the old file, which goes once a day has passed', () => {
    const dir = makeTempDir();
    setDerivedDataCacheDir(dir);
    loadOrBuildDerived('tables', derivedDataKey(['catalog v1']), () => 'one');
    const build = vi.fn(() => 'two');
    expect(loadOrBuildDerived('tables', derivedDataKey(['catalog v2']), build)).toBe('two');
    expect(build).toHaveBeenCalledTimes(1);
    // Another checkout on other code still reads its own value.
    expect(loadOrBuildDerived('tables', derivedDataKey(['catalog v1']), () => 'rebuilt')).toBe('one');
    const tables = () => readdirSync(dir).filter((file) => file.startsWith('tables-'));
    expect(tables()).toHaveLength(2);

    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const file of tables()) utimesSync(path.join(dir, file), twoDaysAgo, twoDaysAgo);
    expect(loadOrBuildDerived('tables', derivedDataKey(['catalog v3']), () => 'three')).toBe('three');
    expect(tables()).toHaveLength(1);
  });

  it('rebuilds over a damaged file, and leaves no temporary file behind', () => {
    const dir = makeTempDir();
    setDerivedDataCacheDir(dir);
    const key = derivedDataKey(['catalog']);
    loadOrBuildDerived('tables', key, () => [1, 2, 3]);
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file!), 'not a v8 value');
    expect(loadOrBuildDerived('tables', key, () => [4])).toEqual([4]);
    expect(loadOrBuildDerived('tables', key, () => [5])).toEqual([4]);
    expect(readdirSync(dir).some((name) => name.endsWith('.tmp'))).toBe(false);
  });

  it('still answers when the cache directory cannot be written', () => {
    const blocker = path.join(makeTempDir(), 'a-file');
    writeFileSync(blocker, '');
    setDerivedDataCacheDir(path.join(blocker, 'cache'));
    const build = vi.fn(() => 42);
    expect(loadOrBuildDerived('tables', derivedDataKey(['x']), build)).toBe(42);
    expect(loadOrBuildDerived('tables', derivedDataKey(['x']), build)).toBe(42);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
