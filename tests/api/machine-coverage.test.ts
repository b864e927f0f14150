import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import type { MachineCoverageFile } from '../../contract/machine-coverage';

/**
 * GET /api/machine-coverage: the statechart explorer's coverage overlay, read from the file `npm run machines:coverage`
 * writes at every call, so a new run shows without a rebuild or restart; staff who may open the explorer only.
 */
const dir = mkdtempSync(join(tmpdir(), 'safar-machine-coverage-'));
const file = join(dir, 'machine-coverage.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const api = await setupApi({ machineCoverageFile: file });
const as = identities(api);

const report = (generatedAt: string, states: string[]): MachineCoverageFile => ({
  generatedAt,
  machines: { auth: { states, transitions: ['auth.fetchingUser xstate.done.actor.fetchUser -> auth.resolving'], statesTotal: 23, transitionsTotal: 43 } },
});

describe('GET /api/machine-coverage', () => {
  it('answers the analyst and admin (flows.view); 401 anonymous, 403 every other role', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/machine-coverage'), { analyst: 200, admin: 200 });
  });

  it('is null until the coverage command has run', async () => {
    rmSync(file, { force: true });
    const res = await (await as('analyst')).get('/api/machine-coverage');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the latest report as written, a new run at the next call', async () => {
    const analyst = await as('analyst');
    writeFileSync(file, JSON.stringify(report('2026-11-29T08:00:00.000Z', ['auth.fetchingUser'])));
    expect((await analyst.get('/api/machine-coverage')).body.data).toEqual(report('2026-11-29T08:00:00.000Z', ['auth.fetchingUser']));
    writeFileSync(file, JSON.stringify(report('2026-11-29T09:30:00.000Z', ['auth.fetchingUser', 'auth.loggingIn'])));
    const again = await (await as('admin')).get('/api/machine-coverage');
    expect(again.body.data.generatedAt).toBe('2026-11-29T09:30:00.000Z');
    expect(again.body.data.machines.auth.states).toEqual(['auth.fetchingUser', 'auth.loggingIn']);
  });

  it('takes a file that is not a report (half written, another shape) for none', async () => {
    const analyst = await as('analyst');
    writeFileSync(file, '{"generatedAt": "2026-11-29T');
    expect((await analyst.get('/api/machine-coverage')).body).toEqual({ data: null });
    writeFileSync(file, JSON.stringify({ generatedAt: 1, machines: [] }));
    expect((await analyst.get('/api/machine-coverage')).body).toEqual({ data: null });
  });
});
