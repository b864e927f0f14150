import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { resourceListMachine, type ListQuery, type RowAction } from '../../machines/resource-list';
import { catalogueCalls, listLeads, listPromos, savePromo, updateLead } from '../../src/features/catalogue/api';
import { RESOURCES, type Row } from '../../src/features/catalogue/resources';

/** The catalogue's calls over a stubbed fetch: where each goes, and items keyed by a code get it as their id. */
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

describe('catalogue calls', () => {
  it('airports on the list machine: read from /admin/airports with the filter, written to /airports/{code}, keyed by code', async () => {
    reply = (url) => (url.pathname === '/api/admin/airports' ? { data: [khi], meta: { page: 1, per_page: 20, total: 1 } } : { message: 'ok', data: khi });
    const calls = catalogueCalls(RESOURCES.airports);
    const actor = createActor(resourceListMachine.provide({ actors: {
      loadList: fromPromise(({ input, signal }: { input: ListQuery; signal: AbortSignal }) => calls.list(input, signal)),
      runAction: fromPromise(({ input, signal }: { input: RowAction; signal: AbortSignal }) => calls.remove(input.item.id, signal)),
    } as never }), { input: { filters: { filter: 'edited' } } }).start();
    await waitFor(actor, (s) => s.matches('list'));
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/admin/airports?page=1&per_page=20&filter=edited' });
    const item = actor.getSnapshot().context.items[0] as Row;
    expect(item).toMatchObject({ id: 'KHI', code: 'KHI' });
    await calls.save({ id: item.id, values: { name: 'Jinnah Intl' } });
    actor.send({ type: 'DELETE', item });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('list') && seen.length === 4);
    expect(seen.map((x) => `${x.method} ${x.url.split('?')[0]}`)).toEqual(['GET /api/admin/airports', 'PUT /api/airports/KHI', 'DELETE /api/airports/KHI', 'GET /api/admin/airports']);
    expect(seen[1].body).toEqual({ name: 'Jinnah Intl' });
  });

  it('numeric ids: one base for reads and writes; a new item is POSTed, an umrah package PATCHed', async () => {
    reply = (url) => ({ message: 'ok', data: { id: 7, title: 'Turkey', url: url.pathname } });
    expect(await catalogueCalls(RESOURCES.visas).get(7)).toEqual({ id: 7, title: 'Turkey', url: '/api/visas/7' });
    await catalogueCalls(RESOURCES.visas).save({ id: null, values: { title: 'Turkey' } });
    await catalogueCalls(RESOURCES.umrah).save({ id: 3, values: { title: 'Umrah' } });
    expect(seen.map((x) => `${x.method} ${x.url}`)).toEqual(['GET /api/visas/7', 'POST /api/visas', 'PATCH /api/umrah-packages/3']);
  });

  it('banners and leads: every banner as one page, saved with its id in the body; leads filtered and PATCHed', async () => {
    reply = (url) => (url.pathname === '/api/get-promo-images' ? { data: [{ id: 1 }, { id: 2 }] } : { data: [], meta: { page: 1, per_page: 20, total: 0 }, message: 'ok' });
    expect((await listPromos({ page: 1, per_page: 20, q: '', filters: {} })).meta.total).toBe(2);
    await savePromo({ id: 2, values: { title: 'Eid' } });
    await listLeads({ page: 2, per_page: 20, q: '', filters: { status: 'new', source: '' } });
    await updateLead({ id: 4, values: { status: 'handled', staff_note: 'Called back.' } });
    expect(seen).toEqual([
      { method: 'GET', url: '/api/get-promo-images?status=all', body: null },
      { method: 'POST', url: '/api/save-promo-image', body: { title: 'Eid', id: 2 } },
      { method: 'GET', url: '/api/leads?page=2&per_page=20&status=new', body: null },
      { method: 'PATCH', url: '/api/leads/4', body: { status: 'handled', staff_note: 'Called back.' } },
    ]);
  });
});
