import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test-support/api-client.ts';
import { makeTempDir } from '../../test-support/test-config.ts';

let http: TestApi;
let https: TestApi;

beforeAll(async () => {
  const webRoot = makeTempDir('vigie-web-');
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webRoot, 'assets', 'app-1.js'), 'console.log(1)');
  http = await startTestApi({ webRoot });
  https = await startTestApi({ webRoot, env: { PUBLIC_URL: 'https://vigie.example' } });
});
afterAll(async () => {
  await http?.close();
  await https?.close();
});

const csp = (headers: Headers) =>
  Object.fromEntries(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

describe('security headers', () => {
  it('sends a self-only CSP without inline script, no framing, nosniff and a strict Referrer-Policy on the SPA and the API', async () => {
    for (const url of ['/', '/projects/12', '/assets/app-1.js', '/api/health', '/api/user', '/api/nothing']) {
      const { headers } = await http.client().get(url);
      const policy = csp(headers);
      expect(policy['default-src'], url).toBe("'self'");
      expect(policy['script-src']).toBe("'self'");
      expect(policy['style-src']).toBe("'self'");
      expect(policy['frame-ancestors']).toBe("'none'");
      expect(policy['object-src']).toBe("'none'");
      expect(headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('marks every API answer, errors included, Cache-Control: no-store, and leaves the SPA assets cacheable', async () => {
    for (const url of ['/api/health', '/api/user', '/api/nothing', '/API/user'])
      expect((await http.client().get(url)).headers.get('cache-control'), url).toBe('no-store');
    expect((await http.client().post('/api/login', { username: 'nobody', password: 'wrong password' })).headers.get('cache-control')).toBe('no-store');
    expect((await http.client().get('/assets/app-1.js')).headers.get('cache-control')).toContain('immutable');
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    expect((await http.client().get('/api/health')).headers.get('strict-transport-security')).toBeNull();
    expect(csp((await http.client().get('/')).headers)).not.toHaveProperty('upgrade-insecure-requests');
    const secure = await https.client().get('/api/health');
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(csp(secure.headers)).toHaveProperty('upgrade-insecure-requests');
  });
});
