/**
 * Text that cannot be stored as sent is refused once, for every way input arrives (JSON bodies, query
 * strings, path parameters, multipart fields), as a 422 naming the field:
 *  - U+0000: PostgreSQL text and jsonb refuse it, which otherwise surfaces as a 500 from deep inside a query;
 *  - an unpaired UTF-16 surrogate: it has no UTF-8 form, so it would be stored silently changed to U+FFFD.
 * JSON nested deeper than any shape we take is refused too, before anything walks it recursively.
 */
import type { MiddlewareHandler } from 'hono';
import { HonoRequest } from 'hono/request';
import { validationError } from './errors';

const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Our deepest request shape is three levels (travellers.0.first_name); this leaves room and stops abuse. */
export const MAX_JSON_DEPTH = 32;

export const INPUT_MESSAGES = {
  nul: 'This field may not contain a NUL character.',
  surrogate: 'This field contains an invalid character.',
  depth: 'This field is nested too deeply.',
} as const;

export function textProblem(s: string): string | null {
  if (NUL.test(s)) return INPUT_MESSAGES.nul;
  if (LONE_SURROGATE.test(s)) return INPUT_MESSAGES.surrogate;
  return null;
}

type Path = (string | number)[];
const dotted = (path: Path) => path.join('.') || '_';
/** A key that is itself bad text is named with its bad characters replaced, so the answer stays valid text. */
const printable = (key: string) => key.replace(/\u0000|[\uD800-\uDFFF]/g, '\uFFFD');
/** Too deep: name the field the nesting hangs from (the path up to its last object key), not the 32nd index. */
const fieldOf = (path: Path) => {
  const lastKey = path.findLastIndex((p) => typeof p === 'string');
  return dotted(path.slice(0, lastKey + 1));
};

/** The first bad string, key or nesting in a parsed JSON value, as {field: [message]}; null when clean. */
export function jsonProblem(value: unknown): Record<string, string[]> | null {
  // Iterative (a stack, not recursion): the depth of what the client sent never reaches our call stack.
  const stack: [unknown, Path][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const p = textProblem(v);
      if (p) return { [dotted(path)]: [p] };
    } else if (v !== null && typeof v === 'object') {
      if (path.length >= MAX_JSON_DEPTH) return { [fieldOf(path)]: [INPUT_MESSAGES.depth] };
      const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
      for (const [k] of entries) {
        const p = typeof k === 'string' ? textProblem(k) : null;
        if (p) return { [dotted([...path, printable(k as string)])]: [p] };
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], [...path, entries[i][0]]]); // first field first
    }
  }
  return null;
}

export function assertCleanJson(value: unknown): void {
  const problem = jsonProblem(value);
  if (problem) throw validationError(problem);
}

/** Named string values (a query, path parameters, form fields): the first bad one as a 422. */
export function assertCleanFields(fields: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(fields)) {
    for (const s of Array.isArray(value) ? value : [value]) {
      const p = (typeof s === 'string' ? textProblem(s) : null) ?? textProblem(name);
      if (p) throw validationError({ [printable(name)]: [p] });
    }
  }
}

type Reader = (this: HonoRequest, key?: string) => unknown;
/** A reader of the request that checks what it returns; one per method for every request (nothing made per request). */
const checked = (read: Reader): Reader => function (this: HonoRequest, key?: string) {
  const value = key === undefined ? read.call(this) : read.call(this, key);
  if (value !== undefined) assertCleanFields(key === undefined ? (value as Record<string, unknown>) : { [key]: value });
  return value;
};
const proto = HonoRequest.prototype as unknown as Record<'param' | 'query' | 'queries', Reader>;
const CHECKED_READERS = { param: checked(proto.param), query: checked(proto.query), queries: checked(proto.queries) };

/**
 * Path parameters and the query string are checked when read, through the request itself: after the route's
 * guards (which answer 401/403 before any input is judged) and whichever way a handler reads them.
 */
export const cleanUrlInput: MiddlewareHandler = (c, next) => {
  Object.assign(c.req, CHECKED_READERS);
  return next();
};
