/**
 * Which record a call is about: its id in the path, in the query (`?id=`, or the name another client gives it), or
 * for a write in the body. A value that is not an id names no record: 404.
 */
import type { Context } from 'hono';
import { parseId } from '../../contract/ids';
import type { AppEnv } from '../context';
import { notFound } from './errors';
import { bodyFields, withIdAlias } from './validate';

/** A record's id from its path (or its ?id= form); 404 when it is not an id: it names no record. */
export function idFrom(raw: string | undefined | null, what = 'Not found.'): number {
  const id = parseId(raw);
  if (id === null) throw notFound(what);
  return id;
}

/** The id given either as the path's last segment or in the query (`?id=` or another client's name for it). */
export function idParam(c: Context<AppEnv>, what?: string): number {
  return idFrom(c.req.param('id') ?? withIdAlias(c.req.query()).id, what);
}

/** A write's id: from the path or the query as idParam reads it, else from the body (JSON or a form). */
export async function idOf(c: Context<AppEnv>, what?: string): Promise<number> {
  const inUrl = c.req.param('id') ?? withIdAlias(c.req.query()).id;
  if (inUrl !== undefined && inUrl !== '') return idFrom(inUrl, what);
  const fields = await bodyFields(c);
  return idFrom(fields.id === undefined || fields.id === null ? '' : String(fields.id), what);
}
