import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { get as httpGet, type IncomingMessage, type Server } from 'node:http';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test-support/test-config.ts';
import { errorHandler } from './error-handler.ts';
import { serveWebApp } from './serve-web-app.ts';

describe('serveWebApp', () => {
  let server: Server;
  let base: string;
  const root = makeTempDir('vigie-web-');

  beforeAll(async () => {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(root, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(path.join(root, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
    const app = new Koa();
    app.use(errorHandler());
    app.use(serveWebApp(root));
    app.use((ctx) => {
      if (ctx.path === '/api/ping') ctx.body = { pong: true };
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves index.html for client-side routes', async () => {
    for (const route of ['/', '/projects/12', '/alerts']) {
      const response = await fetch(base + route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('id="root"');
    }
  });

  it('serves hashed assets with a long cache and 404s missing ones', async () => {
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('serves the pre-compressed file the browser accepts, never recompressing, and keeps index.html revalidated', async () => {
    // node:http rather than fetch, which would decode the body and hide the Content-Encoding.
    const get = (encoding: string) =>
      new Promise<IncomingMessage & { body: Buffer }>((resolve, reject) => {
        httpGet(`${base}/assets/app-1234.js`, { headers: { 'Accept-Encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Object.assign(response, { body: Buffer.concat(chunks) })));
        }).on('error', reject);
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['cache-control']).toContain('immutable');
    const gzipped = await get('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe('console.log(1)');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log(1)');
    const index = await fetch(`${base}/alerts`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  it('leaves /api to the API', async () => {
    expect(await (await fetch(`${base}/api/ping`)).json()).toEqual({ pong: true });
    const missing = await fetch(`${base}/api/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found' });
  });

  it('says how to build when the web app is missing', async () => {
    const app = new Koa();
    app.use(serveWebApp(makeTempDir('vigie-empty-')));
    const other = app.listen(0);
    await new Promise((resolve) => other.once('listening', resolve));
    const response = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    other.close();
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });
});
