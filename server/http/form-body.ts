/**
 * Form bodies (multipart or url-encoded), read with the same schemas as JSON ones. A form's values are all text,
 * so each is turned into what the schema's field takes when that field takes no text: "true" for a yes-or-no
 * field, digits for a number-only one. A file part is only taken where the route stores it (uploads/form-body).
 */
import type { Context } from 'hono';
import { ApiError, validationError } from './errors';
import { assertCleanFields } from './clean-input';

export const isForm = (c: Context) => /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(c.req.header('content-type') ?? '');

export interface FormParts { fields: Record<string, string>; files: Record<string, File> }

/** The form's text fields and files (one value a name, as the forms we take send them). */
export async function formParts(c: Context): Promise<FormParts> {
  let form: Record<string, unknown>;
  try {
    form = (await c.req.parseBody({ all: false })) as Record<string, unknown>;
  } catch {
    throw new ApiError(400, 'The request body is not a valid form.');
  }
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  for (const [k, value] of Object.entries(form)) {
    if (value instanceof File) files[k] = value;
    else if (typeof value === 'string') fields[k] = value;
  }
  assertCleanFields({ ...fields, ...Object.fromEntries(Object.entries(files).map(([k, f]) => [k, f.name])) });
  return { fields, files };
}

/** The text fields of a form that may carry no file: a file part would be dropped unread, so it is refused. */
export async function formTextFields(c: Context): Promise<Record<string, string>> {
  const { fields, files } = await formParts(c);
  const file = Object.keys(files)[0];
  if (file !== undefined) throw validationError({ [file]: ['This call takes no file.'] });
  return fields;
}

interface SchemaNode { type: string; wrapped?: SchemaNode; options?: SchemaNode[]; literal?: unknown; entries?: Record<string, SchemaNode> }

/** The kinds of value a field's schema takes at its outside (through optional, nullable and unions). */
function kinds(s: SchemaNode, out = new Set<string>()): Set<string> {
  if (s.wrapped) return kinds(s.wrapped, out);
  if (s.type === 'union' && s.options) s.options.forEach((o) => kinds(o, out));
  else if (s.type === 'literal') out.add(typeof s.literal);
  else if (s.type === 'picklist') out.add('string');
  else out.add(s.type);
  return out;
}

/** A form's text values as the object schema's fields take them (unknown fields and text fields as sent). */
export function coerceForm(schema: unknown, fields: Record<string, string>): Record<string, unknown> {
  const entries = (schema as SchemaNode).entries ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, raw] of Object.entries(fields)) {
    const entry = entries[k];
    const ks = entry ? kinds(entry) : null;
    if (!ks || ks.has('string') || ks.has('unknown') || ks.has('any')) out[k] = raw;
    else if (ks.has('boolean') && /^(true|false|1|0|on|off)$/i.test(raw)) out[k] = /^(true|1|on)$/i.test(raw);
    else if (ks.has('number') && raw.trim() !== '' && Number.isFinite(Number(raw))) out[k] = Number(raw);
    else if (raw === '') out[k] = undefined;
    else out[k] = raw;
  }
  return out;
}
