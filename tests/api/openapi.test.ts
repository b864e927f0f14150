import { brotliDecompressSync } from 'node:zlib';
/**
 * The published OpenAPI document: one operation per route the app answers (a new route without a registry entry in
 * server/openapi/registry fails here), a valid 3.1 document, the handlers' own schemas and the guards' own roles,
 * and the reference page served from our origin.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { setupApi } from '../support/api';
import { appRoutes } from '../support/routes';
import { API_VERSION } from '../../contract/version';
import { documented } from '../../server/openapi/document';
import { OPERATIONS } from '../../server/openapi/registry';
import { jsonSchemaOf } from '../../server/openapi/schema';

/** A JSON document, walked by path. */
type Doc = any;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const honoPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

function operations(doc: Doc): Array<{ key: string; path: string; op: any }> {
  return Object.entries<any>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${honoPath(path)}`, path, op: item[m] })));
}

function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((x) => refsIn(x, out));
  else if (node && typeof node === 'object') {
    for (const [k, x] of Object.entries(node)) {
      if (k === '$ref' && typeof x === 'string') out.push(x);
      else refsIn(x, out);
    }
  }
  return out;
}

const resolve = (doc: Doc, ref: string) =>
  ref.startsWith('#/') ? ref.slice(2).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((n: any, k) => n?.[k], doc) : undefined;

describe('the OpenAPI document', async () => {
  const api = await setupApi();
  const res = await api.client().get('/api/openapi.json');
  const doc: Doc = res.body;
  const byKey = new Map(operations(doc).map((o) => [o.key, o.op]));

  it('is served as JSON', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('has an operation for every route the app answers under /api, and a route for every operation', () => {
    const routes = appRoutes(api.app).filter((r) => documented(r.path)).map((r) => r.key);
    const missing = routes.filter((k) => !OPERATIONS.has(k));
    const stale = [...OPERATIONS.keys()].filter((k) => !routes.includes(k));
    // Add the route to server/openapi/registry (see docs/api.md); remove operations whose route is gone.
    expect(missing, 'routes without a documented operation').toEqual([]);
    expect(stale, 'documented operations without a route').toEqual([]);
    expect([...byKey.keys()].sort()).toEqual([...routes].sort());
    expect(operations(doc).filter((o) => o.op['x-undocumented'])).toEqual([]);
  });

  it('leaves out the development-only routes, and says so', () => {
    expect(appRoutes(api.app).some((r) => r.path.startsWith('/api/dev/'))).toBe(true); // they exist in this (test) app
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/dev/'))).toEqual([]);
    expect(doc.info.description).toContain('/api/dev/');
  });

  it('is OpenAPI 3.1 with the API version, unique operation ids and every $ref resolving', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe(API_VERSION);
    const ids = operations(doc).map((o) => o.op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((r) => resolve(doc, r) === undefined)).toEqual([]);
  });

  it('declares every path parameter, and no other', () => {
    for (const { key, path, op } of operations(doc)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = op.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name).sort();
      expect(declared, key).toEqual(inPath);
      expect(op.parameters.filter((p: any) => p.in === 'path').every((p: any) => p.required === true), key).toBe(true);
      expect(op.summary, key).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('carries the schemas the handlers validate with', () => {
    const deposit = byKey.get('POST /api/deposit-data').requestBody.content['application/json'].schema;
    expect(Object.keys(deposit.properties)).toEqual(expect.arrayContaining(['amount', 'method', 'bank_id', 'deposit_date']));
    expect(deposit.properties.method.enum).toEqual(expect.arrayContaining(['bank', 'cash']));
    const users = byKey.get('GET /api/users').parameters.map((p: any) => p.name);
    expect(users).toEqual(expect.arrayContaining(['page', 'per_page']));
    const review = byKey.get('PUT /api/update-deposit-status/:id').requestBody.content['application/json'].schema;
    expect(review.required).toContain('status');
    const login = byKey.get('POST /api/login').requestBody.content['application/json'].schema;
    expect(login.properties.email.format).toBe('email');
    const search = byKey.get('GET /api/flights').parameters.map((p: any) => p.name);
    expect(search).toEqual(expect.arrayContaining(['origin', 'destination', 'departure_date', 'adults', 'cabin_class']));
    const change = byKey.get('GET /api/bookings/flight/:pnr/schedule-changes/:id/options').parameters;
    expect(change.find((p: any) => p.name === 'pnr').schema.pattern).toBeDefined();
  });

  it('answers each operation with its envelope and the shared error body', () => {
    expect(doc.components.schemas.Error.properties).toHaveProperty('message');
    expect(doc.components.schemas.Error.properties).toHaveProperty('errors');
    const review = byKey.get('PUT /api/update-deposit-status/:id').responses;
    expect(Object.keys(review)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '419', '422']));
    expect(review['403'].$ref).toBe('#/components/responses/E403');
    const countries = byKey.get('GET /api/countries').responses;
    expect(Object.keys(countries)).toEqual(['200']);
    expect(byKey.get('POST /api/deposit-data').responses['201']).toBeDefined();
    expect(byKey.get('GET /api/bookings/:id/e-ticket.pdf').responses['200'].content).toHaveProperty('application/pdf');
  });

  it('names who may call each operation, read off its guards', () => {
    const review = byKey.get('PUT /api/update-deposit-status/:id');
    expect(review['x-roles']).toEqual(['permission deposits.manage']);
    expect(review.description).toContain('permission deposits.manage');
    expect(review.security).toEqual([{ session: [], xsrf: [] }, { bearer: [] }]);
    const countries = byKey.get('GET /api/countries');
    expect(countries['x-roles']).toEqual(['public']);
    expect(countries.security).toBeUndefined();
    const hotel = byKey.get('GET /api/hotel-bookings/:id');
    expect(hotel['x-roles']).toEqual(['guest', 'customer', 'approved agent', 'permission bookings.read']);
    expect(hotel.security[0]).toEqual({});
    // A `use` guard registered ahead of its routes guards them too.
    expect(byKey.get('GET /api/supplier-console/pnrs')['x-roles']).toEqual(['permission pnr.import']);
    expect(byKey.get('POST /api/deposit-data')['x-roles']).toEqual(['approved agent']);
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'safar_session' });
    expect(doc.components.securitySchemes.xsrf).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('converts what JSON Schema cannot say without throwing', () => {
    expect(jsonSchemaOf(v.pipe(v.string(), v.trim(), v.transform(Number), v.number()))).toEqual({ type: 'string' });
    expect(() => jsonSchemaOf(v.object({ at: v.date(), ok: v.custom<string>((x) => typeof x === 'string'), n: v.pipe(v.string(), v.check((s) => s !== 'x')) }))).not.toThrow();
    // Every schema the registry names converts on its own too.
    for (const [key, op] of OPERATIONS) {
      const params = op.params === undefined ? [] : 'kind' in op.params ? [op.params as v.GenericSchema] : Object.values(op.params);
      for (const schema of [op.query, op.body, ...params]) if (schema) expect(() => jsonSchemaOf(schema), key).not.toThrow();
    }
  });
});

describe('the API reference page', async () => {
  const api = await setupApi();

  it('is HTML whose scripts and styles load from our origin, with no inline script', async () => {
    const res = await api.client().request('GET', '/api/docs', undefined, { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = String(res.body);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    const sources = scripts.map((attrs) => /\ssrc="([^"]+)"/.exec(attrs)?.[1]);
    expect(sources.every((s) => s !== undefined && s.startsWith('/') && !s.startsWith('//')), 'every script has a same-origin src').toBe(true);
    const styles = [...html.matchAll(/<link[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    for (const file of [...sources as string[], ...styles]) {
      const asset = await api.client().request('GET', file);
      expect(asset.status, file).toBe(200);
      expect(asset.headers.get('content-type'), file).toMatch(file.endsWith('.css') ? /text\/css/ : /javascript/);
    }
  });

  it('sends the document and the 1.4 MB viewer compressed as the client asks, made once and sent as made', async () => {
    for (const path of ['/api/openapi.json', '/api/docs/swagger-ui-bundle.js']) {
      const first = await api.app.request(path, { headers: { 'accept-encoding': 'br' } });
      expect(first.headers.get('content-encoding'), path).toBe('br');
      expect(first.headers.get('vary'), path).toContain('accept-encoding');
      const bytes = Buffer.from(await first.arrayBuffer());
      const again = Buffer.from(await (await api.app.request(path, { headers: { 'accept-encoding': 'br' } })).arrayBuffer());
      expect(again.equals(bytes), path).toBe(true);
      const plain = await api.app.request(path, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      expect(brotliDecompressSync(bytes).equals(Buffer.from(await plain.arrayBuffer())), path).toBe(true);
    }
  });

  it('serves only the page\'s own files', async () => {
    expect((await api.client().get('/api/docs/package.json')).status).toBe(404);
    expect((await api.client().get('/api/docs/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});
