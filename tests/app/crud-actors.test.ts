import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { crudListMachine } from '../../machines/crud-list';
import { crudActors } from '../../src/features/catalogue/api';

/** The CRUD list machine over the real calls (stubbed fetch): where each call goes, and code-keyed items. */
const seen: { method: string; url: string; body: unknown }[] = [];
let reply: (url: URL) => unknown;

beforeEach(() => {
  seen.length = 0;
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal('document', { cookie: '', documentElement: { lang: 'en' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(new URL(String(input), 'http://localhost:8080'), init);
    const url = new URL(req.url);
    seen.push({ method: req.method, url: url.pathname + url.search, body: req.method === 'GET' ? null : await req.json().catch(() => null) });
    return Response.json(reply(url));
  });
});
afterEach(() => vi.unstubAllGlobals());

const khi = { code: 'KHI', name: 'Jinnah International Airport', is_custom: false, edited: true };

describe('crudActors', () => {
  it('airports: reads from /admin/airports, writes to /airports/{code}, items keyed by code', async () => {
    reply = (url) => (url.pathname === '/api/admin/airports' ? { data: [khi], meta: { page: 1, per_page: 20, total: 1 } } : { message: 'ok', data: khi });
    const actor = createActor(crudListMachine.provide({ actors: crudActors('/airports', 'PUT', { idKey: 'code', read: '/admin/airports' }) as never }), { input: { filters: { filter: 'edited' } } }).start();
    await waitFor(actor, (s) => s.matches('list'));
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/admin/airports?page=1&per_page=20&filter=edited' });
    const item = actor.getSnapshot().context.items[0];
    expect(item).toMatchObject({ id: 'KHI', code: 'KHI' });
    actor.send({ type: 'EDIT', item });
    actor.send({ type: 'SAVE', values: { name: 'Jinnah Intl' } });
    await waitFor(actor, (s) => s.matches('list'));
    expect(seen[1]).toEqual({ method: 'PUT', url: '/api/airports/KHI', body: { name: 'Jinnah Intl' } });
    actor.send({ type: 'DELETE', item });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('list'));
    expect(seen.map((x) => `${x.method} ${x.url.split('?')[0]}`)).toEqual(['GET /api/admin/airports', 'PUT /api/airports/KHI', 'GET /api/admin/airports', 'DELETE /api/airports/KHI', 'GET /api/admin/airports']);
  });

  it('numeric ids are unchanged: one base for reads and writes', async () => {
    reply = () => ({ data: { id: 7, title: 'Turkey' } });
    const actor = createActor(crudListMachine.provide({ actors: crudActors('/visas') as never }), { input: { mode: 'edit', id: 7 } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(seen[0].url).toBe('/api/visas/7');
    expect(actor.getSnapshot().context.editing).toEqual({ id: 7, title: 'Turkey' });
  });
});
