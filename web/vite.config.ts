import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { landingShell, SHELL_SCRIPT, shellLanguageScript } from './landing-shell.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Writes file.br and file.gz beside every text asset; the server (@koa/send) serves them to browsers that ask. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vigie-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        entries
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map(async (entry) => {
            const file = path.join(entry.parentPath, entry.name);
            const content = await readFile(file);
            await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
            await writeFile(`${file}.br`, await brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          }),
      );
    },
  };
}

/** Puts the landing hero's text into index.html so that it paints before the JS arrives. */
function landingInShell(): Plugin {
  return {
    name: 'vigie-landing-shell',
    transformIndexHtml: (html) => html.replace('<div id="root"></div>', `<div id="root">${landingShell()}</div>`),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SHELL_SCRIPT, source: shellLanguageScript() });
    },
  };
}
const repository = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), landingInShell(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    // The SPA imports the shared pure module ../domain/ (languages, plans, response schemas).
    fs: { allow: [repository] },
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
});
