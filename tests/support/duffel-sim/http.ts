/**
 * HTTP plumbing the simulator shares: reading bodies, answering JSON the way api.duffel.com does (x-request-id,
 * lowercase ratelimit-* headers, gzip when asked), Duffel's header checks, and cursor pagination
 * (`meta: { limit, after, before }`, `after` null on the last page; duffel.com/docs/api/overview/pagination).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { E, SimError, badFormat } from './errors';
import type { Json } from './state';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

let served = 0;
const RATE_LIMIT = 4000;

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, requestId: string): void {
  let payload: Buffer = Buffer.from(JSON.stringify(body));
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'x-request-id': requestId,
    'ratelimit-limit': String(RATE_LIMIT),
    'ratelimit-remaining': String(RATE_LIMIT - (++served % RATE_LIMIT)),
    'ratelimit-reset': new Date(Math.ceil((Date.now() + 1) / 60000) * 60000).toUTCString(),
  };
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    payload = gzipSync(payload);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(payload.length);
  res.writeHead(status, headers);
  res.end(payload);
}

/** Authorization, Duffel-Version and Accept, checked in that order on every API call. */
export function checkHeaders(req: IncomingMessage, token: string): void {
  const auth = req.headers.authorization;
  if (!auth) throw E.missingAuthorization();
  const m = /^Bearer (\S+)$/.exec(auth);
  if (!m) throw E.invalidAuthorization();
  if (m[1] !== token) throw E.tokenNotFound();
  const version = req.headers['duffel-version'];
  if (version == null || version === '') throw E.missingVersion();
  // The sim speaks v2 only; older versions Duffel has retired are refused as unsupported.
  if (version === 'v1' || version === 'beta') throw E.unsupportedVersion();
  if (version !== 'v2') throw E.invalidVersion();
  const accept = String(req.headers.accept ?? '*/*');
  if (!/application\/json|\*\/\*|application\/\*/.test(accept)) throw E.unsupportedFormat();
}

/** The `data` of a JSON request body, with Duffel's errors for a missing, wrong or malformed one. */
export function requestData(req: IncomingMessage, raw: string, required: boolean): Json {
  if (raw.trim() === '') {
    if (required) throw E.missingData();
    return {};
  }
  const type = req.headers['content-type'];
  if (!type) throw E.missingContentType();
  if (!/^application\/json\b/.test(type)) throw E.invalidContentType();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw E.malformedData();
  }
  if (!parsed || typeof parsed !== 'object' || !('data' in parsed)) throw E.missingData();
  const data = (parsed as Json).data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw E.invalidData();
  return data;
}

const cursor = (n: number) => Buffer.from(`g2w:${n}`).toString('base64');
const fromCursor = (c: string | null): number | null => {
  if (!c) return null;
  const m = /^g2w:(\d+)$/.exec(Buffer.from(c, 'base64').toString('utf8'));
  return m ? Number(m[1]) : null;
};

export function paginate(items: Json[], query: URLSearchParams): { data: Json[]; meta: { limit: number; after: string | null; before: string | null } } {
  const limitText = query.get('limit');
  const limit = limitText == null ? 50 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new SimError(422, [badFormat('/limit', 'must be an integer between 1 and 200')]);
  const after = fromCursor(query.get('after'));
  const before = fromCursor(query.get('before'));
  const start = after ?? (before != null ? Math.max(0, before - limit) : 0);
  const end = Math.min(items.length, before != null && after == null ? before : start + limit);
  return {
    data: items.slice(start, end),
    meta: { limit, after: end < items.length ? cursor(end) : null, before: start > 0 ? cursor(start) : null },
  };
}
