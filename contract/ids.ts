import * as v from 'valibot';

/**
 * Record ids are PostgreSQL integer (serial) columns: 1 to 2^31 − 1. Anything else is refused where it arrives,
 * naming the field; a larger number reaching a query is an "out of range" error there, a 500.
 */
export const MAX_ID = 2_147_483_647;

export const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_ID;

/** An id as JSON sends it (a number) or a path, query or form does (digits); null when it is not one. */
export function parseId(raw: unknown): number | null {
  if (typeof raw === 'number') return isId(raw) ? raw : null;
  if (typeof raw !== 'string' || !/^\s*\d{1,10}\s*$/.test(raw)) return null;
  const n = Number(raw);
  return isId(n) ? n : null;
}

/** The one id schema of every request shape. */
export const idSchema = (message: string) =>
  v.pipe(v.union([v.number(message), v.string(message)], message), v.transform((x: number | string) => parseId(x)), v.number(message));

/** An optional id filter of a list query, where an empty value means "any". */
export const idFilter = (message: string) => v.optional(v.union([v.literal(''), idSchema(message)], message));
