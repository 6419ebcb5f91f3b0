import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { LANGUAGES } from '../domain/languages.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** The landing page's first JS must stay small enough to paint fast on a phone (issue 13, point 10). */
export const LANDING_JS_LIMIT_GZIP = 100 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file with every file it imports statically (what the browser must fetch before it runs). */
function withStaticImports(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, files);
  return files;
}

async function main(): Promise<void> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'vigie-bundle-'));
  try {
    await build({
      configFile: fileURLToPath(new URL('../web/vite.config.ts', import.meta.url)),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: 'manifest.json' },
    });
    const manifest = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    const gzipSize = async (file: string) => gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

    // What the landing runs before it shows: the entry, the landing screen and the visitor's texts.
    let worst = 0;
    for (const language of LANGUAGES) {
      const files = withStaticImports(manifest, 'index.html');
      withStaticImports(manifest, 'src/landing-root.tsx', files);
      withStaticImports(manifest, `src/locales/${language}.json`, files);
      const sizes = await Promise.all([...files].map(async (file) => [file, await gzipSize(file)] as const));
      const total = sizes.reduce((sum, [, size]) => sum + size, 0);
      worst = Math.max(worst, total);
      console.log(
        `landing (${language}): initial JS ${kb(total)} gzip in ${files.size} files (${sizes.map(([file, size]) => `${path.basename(file)} ${kb(size)}`).join(', ')})`,
      );
    }
    const all = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
    const allSize = (await Promise.all(all.map((chunk) => gzipSize(chunk.file)))).reduce((a, b) => a + b, 0);
    console.log(`whole app: ${all.length} JS chunks, ${kb(allSize)} gzip`);
    console.log(
      `landing initial JS (worst language): ${kb(worst)} gzip — target ≤ ${kb(LANDING_JS_LIMIT_GZIP)}: ${worst <= LANDING_JS_LIMIT_GZIP ? 'OK' : 'OVER'}`,
    );
    if (worst > LANDING_JS_LIMIT_GZIP) process.exitCode = 1;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

await main();
