import * as v from 'valibot';
import type { Context } from 'hono';
import { ApiError, validationError } from './errors';
import { assertCleanJson } from './clean-input';

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
  return value as Record<string, unknown>;
}

export async function body<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return parse(schema, await jsonBody(c));
}

export function query<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parse(schema, c.req.query());
}

function humanise(key: string): string {
  return (key.split('.').pop() ?? key).replace(/_/g, ' ');
}
