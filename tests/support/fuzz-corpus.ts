/** Bad payloads for the fuzz test, and a fingerprint of the database to prove a refusal wrote nothing. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

export const NUL = 'a\u0000b';
export const LONE_SURROGATE = 'a\ud800b';
/** Longer than any field takes (rich text allows 50,000 characters). */
export const OVERSIZED = 'x'.repeat(100_000);
/** JSON text nested 5,000 deep: JSON.parse copes, a recursive walker would not. */
export const DEEP = '['.repeat(5000) + ']'.repeat(5000);
/** Stands for DEEP in a value given to json() (JSON.stringify itself would overflow its stack on DEEP). */
const deepHere = '__deep__';
export const json = (value: unknown) => JSON.stringify(value).split(JSON.stringify(deepHere)).join(DEEP);

/** Field names the write routes take, so a bag of bad values meets most schemas' fields. */
export const FIELDS = [
  'id', 'agent_id', 'user_id', 'bank_id', 'item_id', 'name', 'email', 'password', 'title', 'description', 'amount', 'status', 'type',
  'reference', 'text', 'pnr', 'code', 'price', 'days', 'seats_total', 'images', 'file_name', 'offers', 'travellers', 'segments', 'passengers',
  'company_name', 'phone', 'mode', 'direction', 'source', 'message', 'country_code', 'first_name',
];
const bag = (value: unknown, fields = FIELDS) => Object.fromEntries(fields.map((f) => [f, value]));

/** Whole bodies every write route must refuse (unless it reads no body at all). */
export const GENERIC: { label: string; raw: string }[] = [
  { label: 'not JSON', raw: 'not json' },
  { label: 'JSON null', raw: 'null' },
  { label: 'an array', raw: '[]' },
  { label: 'a string', raw: '"text"' },
  { label: 'a number', raw: '42' },
  { label: 'true', raw: 'true' },
  { label: 'NUL in every field', raw: json(bag(NUL)) },
  { label: 'lone surrogate in every field', raw: json(bag(LONE_SURROGATE)) },
  { label: 'NUL in a key', raw: json({ ['na\u0000me']: 'x' }) },
  { label: '1e308 in every field', raw: json(bag(1e308)) },
  { label: '2**53 in every field', raw: json(bag(2 ** 53)) },
  { label: '-1 in every field', raw: json(bag(-1)) },
  { label: 'objects in every field', raw: json(bag({ $gt: '' })) },
  { label: 'arrays in every field', raw: json(bag([1, 2])) },
  { label: 'true in every field', raw: json(bag(true)) },
  { label: 'deep nesting in fields', raw: json(bag(deepHere, ['id', 'name', 'travellers', 'offers', 'images'])) },
  { label: 'deep nesting as the body', raw: DEEP },
  { label: 'oversized strings', raw: json(bag(OVERSIZED, ['name', 'title', 'description', 'text', 'reference'])) },
  { label: 'missing fields', raw: '{}' },
];

/** Values that spoil one field of a valid body; each must be refused. */
export const SPOILERS: { label: string; value: unknown }[] = [
  { label: 'NUL', value: NUL },
  { label: 'lone surrogate', value: LONE_SURROGATE },
  { label: '1e308', value: 1e308 },
  { label: '2**53', value: 2 ** 53 },
  { label: 'deep nesting', value: deepHere },
  { label: 'oversized string', value: OVERSIZED },
  { label: 'an object', value: { $ne: null } },
];

/** Every field of a body and of its nested objects (first array element), as paths. */
export function leaves(body: Record<string, unknown>): string[][] {
  const out: string[][] = [];
  for (const [k, v] of Object.entries(body)) {
    out.push([k]);
    const inner = Array.isArray(v) ? v[0] : v;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const k2 of Object.keys(inner)) out.push(Array.isArray(v) ? [k, '0', k2] : [k, k2]);
    }
  }
  return out;
}

/** A copy of body with the value at path replaced. */
export function spoil(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

/** Tables that change on every request by design: session bookkeeping and rate-limit counters. */
const BOOKKEEPING = new Set(['sessions', 'access_tokens', 'personal_access_tokens', 'rate_limits']);

/** Row count and a checksum of every table's rows. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const tables = rows<{ t: string }>(await db.execute(sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`));
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    if (BOOKKEEPING.has(t) || t.startsWith('__drizzle')) continue;
    const [r] = rows<{ n: string; h: string }>(await db.execute(sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${t}" x`)));
    out[t] = `${r.n}:${r.h}`;
  }
  return out;
}

/** Tables whose fingerprints differ. */
export const changedTables = (a: Record<string, string>, b: Record<string, string>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((t) => a[t] !== b[t]);
