/**
 * valibot → JSON Schema (2020-12, the dialect of OpenAPI 3.1) with @valibot/to-json-schema. The input side of each
 * schema is what a caller sends, so a pipe is read up to its first transform (typeMode 'input'); what JSON Schema
 * cannot say (a custom check, a transform's output) is left out instead of failing the whole document.
 */
import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

export type { JsonSchema };

/** Where a named definition goes: the document's own components, so every $ref resolves from its root. */
const componentRef = (id: string) => `#/components/schemas/${id}`;

export const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'input',
  errorMode: 'ignore',
  overrideRef: ({ referenceId }) => componentRef(referenceId),
};

/** The schema's JSON Schema; named definitions (a lazy schema's) are added to `defs` under their id. */
export function jsonSchemaOf(schema: v.GenericSchema, defs: Record<string, JsonSchema> = {}): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = toJsonSchema(schema, CONVERSION) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  Object.assign(defs, $defs ?? {});
  return rest;
}
