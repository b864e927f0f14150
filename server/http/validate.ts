import * as v from 'valibot';
import type { Context } from 'hono';
import { ApiError, validationError } from './errors';

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

/** The JSON body, or 400 when it is not JSON; never trusts content-type alone. */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
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
