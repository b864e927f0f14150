/**
 * The part of JSON Schema (2020-12, as OpenAPI 3.1 writes it) the API document uses, enough to check an answer
 * against it: $ref, type, properties, required, additionalProperties, items, anyOf/oneOf/allOf, enum, const.
 * Answers the first few places where a value does not fit, as "data.meta.total: expected integer".
 */
export type Schema = Record<string, unknown>;

export function schemaErrors(doc: Schema, schema: Schema | undefined, value: unknown, at = 'answer', out: string[] = []): string[] {
  if (!schema || out.length >= 5) return out;
  const ref = schema.$ref;
  if (typeof ref === 'string') return schemaErrors(doc, resolve(doc, ref), value, at, out);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (options && !options.some((o) => schemaErrors(doc, o, value, at).length === 0)) out.push(`${at}: fits none of its ${options.length} allowed shapes`);
  }
  for (const part of (schema.allOf as Schema[] | undefined) ?? []) schemaErrors(doc, part, value, at, out);
  if ('const' in schema && schema.const !== value) out.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) out.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  const types = schema.type === undefined ? null : ([] as string[]).concat(schema.type as string | string[]);
  if (types && !types.some((t) => typeFits(t, value))) {
    out.push(`${at}: expected ${types.join(' or ')}, got ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`);
    return out;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const r of (schema.required as string[] | undefined) ?? []) if (!(r in obj)) out.push(`${at}: lacks ${r}`);
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) schemaErrors(doc, props[k], v, `${at}.${k}`, out);
      else if (schema.additionalProperties === false) out.push(`${at}: has ${k}, which its shape does not allow`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') schemaErrors(doc, schema.additionalProperties as Schema, v, `${at}.${k}`, out);
    }
  }
  if (Array.isArray(value) && schema.items) value.slice(0, 20).forEach((v, i) => schemaErrors(doc, schema.items as Schema, v, `${at}[${i}]`, out));
  return out;
}

function typeFits(type: string, value: unknown): boolean {
  switch (type) {
    case 'null': return value === null;
    case 'array': return Array.isArray(value);
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'integer': return Number.isInteger(value);
    default: return typeof value === type;
  }
}

export function resolve(doc: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node as Schema | undefined;
}
