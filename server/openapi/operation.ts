/**
 * What the API document says of one route beyond what the route table and its guards already say: a name, a
 * sentence, and the valibot schemas the handler validates its input with (imported from where the route takes
 * them, never copied), so the document cannot drift from the validation.
 */
import * as v from 'valibot';
import { PageQuery } from '../agents/common';

/** The success answer's shape: the API's envelopes, or a file. */
export type Answer = 'data' | 'list' | 'saved' | 'message' | 'pdf' | 'ics' | 'csv' | 'html' | 'image' | 'file' | 'redirect' | 'empty' | 'js' | 'css' | 'openapi';

export interface Operation {
  operationId: string;
  summary: string;
  /** Path parameters: the object schema the handler parses c.req.param() with, or one schema per parameter. */
  params?: v.GenericSchema | Record<string, v.GenericSchema>;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  /** A multipart form with a file, in words (no schema validates it as a whole). */
  upload?: string;
  /** Query parameters the handler reads one by one without a schema. */
  rawQuery?: string[];
  /** Default: GET `data`, POST/PUT/PATCH `saved`, DELETE `message`. */
  answer?: Answer;
  /** The success status when not 200 (201 for a creation). */
  status?: number;
  /** A second success status with the same answer, and when it is given (a retry under the same Idempotency-Key). */
  also?: [number, string];
  /** More than the summary says: how input is checked where no schema says it, what a caller should know. */
  notes?: string;
  /** Other error answers the route gives beyond 401/403/404/422 (e.g. 409 price changed, 410, 429). */
  errors?: number[];
}

/** Operations by `METHOD /api/path`, the path as Hono writes it (`:id`). */
export type Operations = Record<string, Operation>;

/** One domain's operations and the tag the document groups them under. */
export interface Domain { tag: string; description: string; operations: Operations }

/** The query a `pageQuery(c, filters)` handler validates (server/agents/common.ts): page, per_page and the filters. */
export const pageOf = (filters: v.ObjectEntries = {}) => v.object({ ...PageQuery.entries, ...filters });
