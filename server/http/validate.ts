import * as v from 'valibot';
import type { Context } from 'hono';
import { ApiError, validationError } from './errors';
import { assertCleanJson } from './clean-input';
import { coerceForm, formParts, formTextFields, isForm } from './form-body';

/** Valibot issues → {field: [messages]} keyed by dotted path ("travellers.0.dob"). */
export function issuesToErrors(issues: v.BaseIssue<unknown>[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_';
    // A missing key gets valibot's technical text; say it the way a person would.
    const missing = issue.kind === 'schema' && issue.input === undefined && issue.message.startsWith('Invalid ');
    (errors[key] ??= []).push(missing ? `The ${humanise(key)} field is required.` : issue.message);
  }
  return errors;
}

export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(issuesToErrors(result.issues));
  return result.output;
}

/**
 * The JSON body: 400 when it is not a JSON object (every request shape is one; valibot's object() would take
 * an array for an empty object), 422 naming the field when it holds text we cannot store or nests too deep.
 * Never trusts content-type alone.
 */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  // A form's text fields stand for the object (a file part is refused: nothing here would store it).
  if (isForm(c)) return withIdAlias(await formTextFields(c));
  const text = await c.req.text();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(400, 'The request body must be a JSON object.');
  assertCleanJson(value);
  return withIdAlias(value as Record<string, unknown>);
}

/**
 * The names other clients give the record a call is about (the specification's client sends `userId`,
 * `depositId`…); each reads as `id` where `id` itself is absent, in a body or a query.
 */
export const ID_ALIASES = ['userId', 'agentId', 'depositId', 'bookingId'] as const;
const given = (x: unknown) => x !== undefined && x !== null && x !== '';
export function withIdAlias<T extends Record<string, unknown>>(fields: T): T {
  if (given(fields.id)) return fields;
  const alias = ID_ALIASES.find((k) => given(fields[k]));
  return alias ? { ...fields, id: fields[alias] } : fields;
}

/** The body checked by the route's schema: JSON, or a form's fields (see form-body.ts). */
export async function body<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  if (isForm(c)) return parse(schema, withIdAlias(coerceForm(schema, await formTextFields(c))));
  return parse(schema, await jsonBody(c));
}

/** The body's fields before any schema, to read the id a write is about: JSON, or a form's text fields. */
export async function bodyFields(c: Context): Promise<Record<string, unknown>> {
  return isForm(c) ? withIdAlias((await formParts(c)).fields) : jsonBody(c);
}

export function query<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parse(schema, withIdAlias(c.req.query()));
}

function humanise(key: string): string {
  return (key.split('.').pop() ?? key).replace(/_/g, ' ');
}
