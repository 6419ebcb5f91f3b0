// Scratch: main-thread CPU per answer of a `tenders serve` at a fixed, unsaturated rate. Not committed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
const [bin, dbUrl, rate = '150', seconds = '10'] = process.argv.slice(2);
const port = 3900 + Math.floor(Math.random() * 90);
const child = spawn(process.execPath, [...(process.env.PROBE_FLAGS ?? '').split(' ').filter(Boolean), bin!, 'serve'], {
  env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, DATA_DIR: '/tmp/probe-data', PORT: String(port), LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let warm = false;
child.stdout!.on('data', (c: Buffer) => { if (c.toString().includes('scoring warm-up done')) warm = true; });
const url = `http://127.0.0.1:${port}`;
for (;;) { if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 200)); }
const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench1', password: 'bench password' }) });
const cookie = login.headers.getSetCookie().map((l) => l.split(';')[0]).join('; ');
const t0 = Date.now(); while (!warm && Date.now() - t0 < 300_000) await new Promise((r) => setTimeout(r, 500));
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/task/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
for (const path of ['/api/projects?limit=100', '/api/stats', '/api/health']) {
  await autocannon({ url: url + path, connections: 10, overallRate: Number(rate), duration: 3, headers: { cookie } });
  const before = cpu();
  const r = await autocannon({ url: url + path, connections: 10, overallRate: Number(rate), duration: Number(seconds), headers: { cookie } });
  const used = cpu() - before;
  console.log(`${path}: ${r['2xx']} answers, main thread ${(used * 1e6 / r['2xx']).toFixed(0)} µs CPU each, p50 ${r.latency.p50} p99 ${r.latency.p99} ms, non2xx ${r.non2xx}`);
}
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
