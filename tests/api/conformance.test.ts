import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { setupApi } from '../support/api';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { report, runConformance } from '../../scripts/conformance/run';
import { SKIPPED } from '../../scripts/conformance/happy';

/**
 * The conformance suite partners run (`npm run conformance -- --base-url`), over HTTP: it passes against Safar, and
 * against a server that falls short it names each shortfall and exits 1.
 */
const api = await setupApi();
const listen = (fetch: (req: Request) => Response | Promise<Response>) => new Promise<{ url: string; close: () => void }>((done) => {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => done({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }));
});
const safar = await listen(api.app.fetch);
// Falls short four ways: a wrong answer shape, a guard left off, a status the document does not give, and a write
// that works but answers 200 where the document says 201 (its validation still answered by Safar).
const broken = new Hono();
broken.get('/api/countries', (c) => c.json({ countries: [] }));
broken.put('/api/update-deposit-status/:id', (c) => c.json({ message: 'ok', data: {} }));
broken.get('/api/airports', (c) => c.json({ message: 'down' }, 500));
broken.post('/api/price-alerts', async (c) => {
  const res = await api.app.fetch(c.req.raw);
  return res.status === 201 ? new Response(res.body, { status: 200, headers: res.headers }) : res;
});
broken.all('*', (c) => api.app.fetch(c.req.raw));
const shortfall = await listen(broken.fetch);
afterAll(() => { safar.close(); shortfall.close(); });

describe('npm run conformance', () => {
  it('passes against Safar: every operation refused, validated and read as documented, the specification\'s flows, and every write\'s happy path', async () => {
    const run = await runConformance(safar.url, DEMO_PASSWORD);
    const text = report(safar.url, run, 0);
    expect(run.outcomes.filter((o) => !o.ok), text).toEqual([]);
    expect(run.operations).toBeGreaterThan(250);
    const checks = new Set(run.outcomes.map((o) => o.check));
    for (const c of ['refused without a session', 'refused for the wrong role', 'refused without its required input', 'read', 'sign-in answer', 'deposit saved', 'happy path']) expect(checks).toContain(c);
    // Every write ran with a valid input, but for the skip list (the outbox answers here, so nothing else is skipped).
    const happy = run.outcomes.filter((o) => o.check === 'happy path');
    expect(happy.filter((o) => /no happy path ran/.test(o.what))).toEqual([]);
    expect(happy.filter((o) => o.skipped).map((o) => o.what.split(':')[0]).sort()).toEqual(Object.keys(SKIPPED).sort());
    expect(happy.filter((o) => !o.skipped).length).toBeGreaterThan(150);
    expect(text).toMatch(/✓ happy path: \d+ passed, 5 skipped/);
  }, 180_000);

  it('names each shortfall of a server that falls short, and exits 1', async () => {
    // Run as partners run it, in a process of its own (this one serves the servers it calls).
    const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      execFile(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts', '--base-url', shortfall.url, '--password', DEMO_PASSWORD], { timeout: 170_000 },
        (err, stdout, stderr) => done({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }));
    });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/✗ \[answer shape\] GET \/api\/countries as anonymous \(200\): answer: lacks data/);
    expect(r.stdout).toMatch(/✗ \[refused without a session\] PUT \/api\/update-deposit-status\/\{id\} as anonymous: answered 200/);
    expect(r.stdout).toMatch(/✗ \[read\] GET \/api\/airports as anonymous: answered 500/);
    expect(r.stdout).toMatch(/✗ \[happy path\] POST \/api\/price-alerts as agent: answered 200, not the documented 201/);
    expect(r.stdout).toMatch(/checks fell short:/);
  }, 180_000);
});
