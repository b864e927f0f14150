/**
 * Input that answered 500 (defect 5), and the same attack on every route's URL: text the database cannot store
 * (U+0000, lone surrogates) is a 422 naming the field wherever it arrives; ids are 1..2^31−1; deep nesting and
 * oversized text are refused; a bad path or query never reaches a query as a 5xx.
 */
import { describe, expect, it } from 'vitest';
import { setupApi, type Res } from '../support/api';
import { identities } from '../support/agents';
import { fileForm, PNG_1x1 } from '../support/upload-fixtures';
import { appRoutes, fillPath, isMutating } from '../support/routes';
import { prepareBases } from '../support/fuzz-bases';
import { DEEP, json, LONE_SURROGATE, NUL, OVERSIZED, spoil } from '../support/fuzz-corpus';

const api = await setupApi();
const as = identities(api);
const bases = await prepareBases(api);
const admin = await as('admin');

/** A valid body of the route with one field replaced, sent as its caller. */
async function spoiled(key: string, path: string[], value: unknown): Promise<Res> {
  const base = bases[key];
  const route = appRoutes(api.app).find((r) => r.key === key)!;
  return (await as(base.who)).request(route.method, fillPath(route, base.path), json(spoil(base.body(), path, value)), { 'content-type': 'application/json' });
}
const expectField = (res: Res, field: string) => {
  expect([res.status, Object.keys(res.body?.errors ?? {})]).toEqual([422, [field]]);
  expect(res.body.message).toBeTypeOf('string');
};

describe('the inputs that answered 500', () => {
  it('a NUL byte in a path parameter: DELETE /api/airports/%00', async () => {
    expectField(await admin.delete('/api/airports/%00'), 'code');
  });

  it.each([
    ['POST /api/visas', 'title'], ['POST /api/holidays', 'destination'], ['POST /api/umrah-packages', 'makkah_hotel'], ['POST /api/group-tickets', 'baggage'],
    ['POST /api/transactions', 'description'], ['PUT /api/transactions/:id', 'description'],
  ])('a NUL byte in %s %s', async (key, field) => {
    expectField(await spoiled(key, [field], NUL), field);
  });

  it('an out-of-range id: agent_id 1e308 in POST /api/save-agent-margin', async () => {
    expectField(await spoiled('POST /api/save-agent-margin', ['agent_id'], 1e308), 'agent_id');
  });
});

describe('text, ids, nesting and size, wherever they arrive', () => {
  it('names a nested field by its dotted path, for a NUL or a lone surrogate', async () => {
    expectField(await spoiled('POST /api/admin-booking', ['passengers', '0', 'first_name'], NUL), 'passengers.0.first_name');
    expectField(await spoiled('POST /api/admin-booking', ['passengers', '0', 'last_name'], LONE_SURROGATE), 'passengers.0.last_name');
    expectField(await spoiled('POST /api/bookings', ['main_contact', 'email'], NUL), 'main_contact.email');
  });

  it('refuses a NUL in a query string or a multipart field, naming it', async () => {
    expectField(await admin.get('/api/visas', { q: NUL }), 'q');
    expectField(await (await as('agent')).get('/api/get-travellers', { search: `x${NUL}` }), 'search');
    expectField(await admin.post('/api/uploads', fileForm(PNG_1x1, 'a.png', 'image/png', { purpose: `cata${NUL}logue` })), 'purpose');
    expectField(await admin.post('/api/uploads', fileForm(PNG_1x1, `a${NUL}.png`, 'image/png')), 'file');
  });

  it('bounds every id to 1..2147483647 (422 naming it in a body or query; 404 in a path, which then names nothing)', async () => {
    for (const bad of [0, -1, 2 ** 31, 2 ** 53, 1e308, 1.5, '99999999999999999999', '12abc']) {
      expectField(await spoiled('POST /api/transactions', ['agent_id'], bad), 'agent_id');
      expectField(await (await as('agent')).post('/api/cancel-pnr', { id: bad }), 'id');
    }
    expectField(await admin.get('/api/get-agents-deposits', { agent_id: '99999999999999999999' }), 'agent_id');
    expectField(await admin.get('/api/get-flight-booking-details', { id: '2147483648' }), 'id');
    for (const bad of ['2147483648', '99999999999999999999', '0', '-1', '1e3']) expect((await admin.get(`/api/visas/${bad}`)).status).toBe(404);
    expect((await admin.get('/api/visas/2147483647')).status).toBe(404);
  });

  it('refuses JSON nested 5,000 deep, naming the field it hangs from, and a body that is not an object', async () => {
    const res = await admin.post('/api/visas', `{"title":${DEEP}}`, { 'content-type': 'application/json' });
    expectField(res, 'title');
    expect((await admin.post('/api/visas', DEEP, { 'content-type': 'application/json' })).status).toBe(400);
    expect((await admin.post('/api/visas', '[]', { 'content-type': 'application/json' })).status).toBe(400);
  });

  it('refuses oversized text with the field named, also when it is well formed (an email, an address, a link)', async () => {
    for (const [key, field] of [['POST /api/visas', 'title'], ['POST /api/leads', 'message'], ['POST /api/save-travellers', 'email'], ['POST /api/admin-booking', 'raw_display']] as const) {
      expectField(await spoiled(key, [field], OVERSIZED), field);
    }
    const longEmail = `${'a'.repeat(5000)}@example.com`;
    for (const [key, field, value] of [
      ['POST /api/save-travellers', 'email', longEmail], ['POST /api/admin-booking', 'contact_email', longEmail], ['POST /api/send-sooper-quote', 'email', longEmail],
      ['POST /api/suppliers', 'contact_email', longEmail], ['POST /api/update-agents-data', 'website', `https://example.com/${'a'.repeat(5000)}`],
      ['POST /api/save-promo-image', 'link', `/visa/${'a'.repeat(5000)}`], ['POST /api/update-staff', 'password', 'p'.repeat(5000)],
    ] as const) {
      expectField(await spoiled(key, [field], value), field);
    }
  });

  it('refuses pages past the last one any list could have, instead of an out-of-range offset', async () => {
    expectField(await admin.get('/api/visas', { page: '99999999999999999999' }), 'page');
    expectField(await admin.get('/api/get-bookings', { page: '100001' }), 'page');
  });
});

describe('every route, attacked through its URL', () => {
  it('answers bad path parameters and query strings on every route without a 5xx, and never with a 2xx write', async () => {
    // Logging out would end the session; asking for a verification mail, marking one's notices read and starting or
    // ending one's own support session take no input at all.
    const noInput = ['POST /api/logout', 'POST /api/email/verification-notification', 'POST /api/notifications/read-all', 'POST /api/support-sessions', 'POST /api/support-sessions/mine/end'];
    const routes = appRoutes(api.app).filter((r) => !noInput.includes(r.key));
    const paths = ['%00', '-1', '0', '2147483648', '99999999999999999999', '1e308', 'abc', '%ED%A0%80', 'x'.repeat(2000)];
    const queries: Record<string, string>[] = [
      { id: NUL, q: NUL, page: NUL },
      { id: '99999999999999999999', agent_id: '99999999999999999999', booking_id: '99999999999999999999', item_id: '2147483648', user_id: '1e308' },
      { page: '99999999999999999999', per_page: '99999999999', limit: '1e308', offset: '-1' },
      { id: '-1', agent_id: '-1', page: '-1', per_page: '0', days: '-1', ages: '-1,999' },
      { id: 'abc', from: '2020-13-45', to: 'x', status: 'x'.repeat(5000), q: 'x'.repeat(5000), pnr: '%', reference: 'Q%00' },
    ];
    const wrong: string[] = [];
    let sent = 0;
    const check = (what: string, mutating: boolean, res: Res) => {
      sent++;
      if (res.status >= 500 || (mutating && res.status < 300)) wrong.push(`${what}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 120)}`);
    };
    for (const r of routes) {
      const body = r.method === 'GET' ? undefined : {};
      for (const p of r.params.length ? paths : []) {
        const url = r.path.replace(/:(\w+)/g, () => p);
        check(`${r.method} ${url.slice(0, 80)}`, isMutating(r), await admin.request(r.method, url, body));
      }
      for (const q of queries) {
        const qs = new URLSearchParams(q).toString();
        check(`${r.key}?${qs.slice(0, 60)}`, isMutating(r), await admin.request(r.method, `${fillPath(r, bases[r.key]?.path)}?${qs}`, body));
      }
    }
    console.log(`url attack: ${routes.length} routes, ${sent} requests, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });
});
