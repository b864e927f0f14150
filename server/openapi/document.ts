/**
 * The OpenAPI 3.1 document of the API, built from the app's own route table: each route's guards say who may call
 * it (./access), the registry (./registry) names it and points at the valibot schemas its handler validates with,
 * converted here (./schema). A route the registry lacks is still listed, marked x-undocumented (the test fails).
 */
import type * as v from 'valibot';
import { API_VERSION } from '../../contract/version';
import { routeAccess, type RouteEntry } from './access';
import { ERROR_RESPONSES, SCHEMAS, SECURITY_SCHEMES } from './components';
import type { Answer, Operation } from './operation';
import { DOMAINS, OPERATIONS } from './registry';
import { jsonSchemaOf, type JsonSchema } from './schema';

/** The routes the document covers: the API's and the XSRF cookie's; the development-only /api/dev/* is left out. */
export const documented = (path: string) => (path.startsWith('/api/') && !path.startsWith('/api/dev/')) || path === '/api' || path === '/sanctum/csrf-cookie';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const isSchema = (x: unknown): x is v.GenericSchema => typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'schema';

const FILES: Partial<Record<Answer, string>> = {
  pdf: 'application/pdf', ics: 'text/calendar', csv: 'text/csv', html: 'text/html', image: 'image/svg+xml', file: 'application/octet-stream',
  js: 'text/javascript', css: 'text/css',
};
const ENVELOPES: Partial<Record<Answer, string>> = { data: 'DataEnvelope', list: 'ListEnvelope', saved: 'SavedEnvelope', message: 'MessageEnvelope' };

function success(method: string, op: Operation | undefined) {
  const answer = op?.answer ?? (method === 'GET' ? 'data' : method === 'DELETE' ? 'message' : 'saved');
  const status = String(op?.status ?? (answer === 'redirect' ? 303 : 200));
  if (answer === 'empty') return { [status]: { description: 'Done; no body.' } };
  if (answer === 'redirect') return { [status]: { description: 'Redirects to the app\'s payment result page.', headers: { Location: { schema: { type: 'string' } } } } };
  if (answer === 'openapi') return { [status]: { description: 'An OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } } };
  const file = FILES[answer];
  if (file) return { [status]: { description: 'The file.', content: { [file]: { schema: { type: 'string', contentMediaType: file } } } } };
  const content = { 'application/json': { schema: ref(ENVELOPES[answer]!) } };
  // A second success status is marked, so a client tells the usual answer from the one given on a retry.
  return { [status]: { description: 'Success.', content }, ...(op?.also ? { [String(op.also[0])]: { description: op.also[1], 'x-alternative': true, content } } : {}) };
}

/** A schema's properties as parameters of one place (path or query). */
function parametersOf(schema: v.GenericSchema | undefined, where: 'path' | 'query', defs: Record<string, JsonSchema>) {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, defs) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, in: where, required: where === 'path' || !!json.required?.includes(name), schema: s }));
}

function operationOf(routes: RouteEntry[], method: string, path: string, xsrfExempt: RegExp[], defs: Record<string, JsonSchema>) {
  const key = `${method} ${path}`;
  const op = OPERATIONS.get(key);
  const access = routeAccess(routes, method, path);
  const names = pathParams(path);

  const declared = op?.params === undefined ? [] : isSchema(op.params)
    ? parametersOf(op.params, 'path', defs)
    : Object.entries(op.params).map(([name, s]) => ({ name, in: 'path', required: true, schema: jsonSchemaOf(s, defs) }));
  const inPath = names.map((name) => declared.find((p) => p.name === name) ?? { name, in: 'path', required: true, schema: { type: 'string' } });
  const inQuery = parametersOf(op?.query, 'query', defs);
  const raw = (op?.rawQuery ?? []).filter((name) => !inQuery.some((p) => p.name === name))
    .map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' }, description: 'Read by the handler without a schema.' }));

  let requestBody: object | undefined;
  if (op?.body) {
    const schema = jsonSchemaOf(op.body, defs) as { required?: string[] };
    // Every call that takes a JSON object takes the same fields as a form (text values read as the fields' types).
    requestBody = { required: !!schema.required?.length, content: { 'application/json': { schema }, 'multipart/form-data': { schema }, 'application/x-www-form-urlencoded': { schema } } };
  } else if (op?.upload) {
    requestBody = { required: true, description: op.upload, content: { 'multipart/form-data': { schema: { type: 'object' } } } };
  }

  const takesInput = !!(op?.body || op?.upload || op?.query || op?.params || op?.rawQuery?.length || names.length);
  const csrf = MUTATING.has(method) && !xsrfExempt.some((re) => re.test(path.replace(/:\w+/g, 'x')));
  const errors = new Set<number>(op?.errors ?? []);
  if (!access.public && !access.guests) errors.add(401);
  if (!access.public) errors.add(403);
  // A record named in the path or the query, or a change to one whose id may come in the body.
  if (names.length || op?.rawQuery?.includes('id') || method === 'PUT' || method === 'PATCH' || method === 'DELETE') errors.add(404);
  if (takesInput) errors.add(422);
  if (csrf) errors.add(419);

  const session = csrf ? { session: [], xsrf: [] } : { session: [] };
  const security = access.public ? (csrf ? [{ xsrf: [] }, { bearer: [] }] : undefined)
    : [...(access.guests ? [{}] : []), session, { bearer: [] }];

  return {
    operationId: op?.operationId ?? `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
    summary: op?.summary ?? 'Undocumented route.',
    description: [access.sentence, op?.notes].filter(Boolean).join('\n\n'),
    tags: [op?.tag ?? 'Undocumented'],
    ...(op ? {} : { 'x-undocumented': true }),
    'x-roles': access.roles,
    ...(security ? { security } : {}),
    parameters: [...inPath, ...inQuery, ...raw],
    ...(requestBody ? { requestBody } : {}),
    responses: {
      ...success(method, op),
      ...Object.fromEntries([...errors].sort().map((s) => [String(s), { $ref: `#/components/responses/E${s}` }])),
    },
  };
}

const DESCRIPTION = `Safar's HTTP API, generated from the route table, its guards and the valibot schemas the handlers validate with.

Answers are JSON envelopes: {data} for an item, {data, meta: {page, per_page, total}} for a page of a list, {message, data} for a change. Every failure answers {message, errors?}: errors names each field at fault on 422. Money is in integer minor units where an input says so.

Authentication: the browser's session cookie (with the X-XSRF-TOKEN header on every change: GET /sanctum/csrf-cookie first) or the bearer token POST /api/login returns. x-roles on each operation lists who may call it, read off its guards: "public", "guest", "customer", "approved agent", "agent (any)", "permission NAME" (contract/permissions.ts says which back-office roles hold each), "role ROLE", "any signed-in user".

The development-only routes under /api/dev/ (mail outbox, readiness) are not part of this document: they do not exist in production.`;

/** The document for the app whose route table is `routes` (Hono's app.routes). */
export function openApiDocument(routes: RouteEntry[], xsrfExempt: RegExp[] = []) {
  const defs: Record<string, JsonSchema> = {};
  const keys = [...new Set(routes.filter((r) => r.method !== 'ALL' && documented(r.path)).map((r) => `${r.method} ${r.path}`))];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const key of keys) {
    const [method, path] = key.split(' ');
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operationOf(routes, method, path, xsrfExempt, defs);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Safar API', version: API_VERSION, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [...DOMAINS.map((d) => ({ name: d.tag, description: d.description })), ...(keys.some((k) => !OPERATIONS.has(k)) ? [{ name: 'Undocumented' }] : [])],
    paths,
    components: {
      schemas: { ...SCHEMAS, ...defs },
      responses: Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([s, r]) => [`E${s}`, r])),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
