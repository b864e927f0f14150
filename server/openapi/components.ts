/**
 * What every operation shares: the answers' envelopes (contract/http.ts), the error body every failed call answers
 * with (contract/errors.ts ApiErrorBody), and how a caller authenticates (server/http/session.ts).
 */
import { SESSION_COOKIE, XSRF_COOKIE } from '../auth/sessions';
import type { JsonSchema } from './schema';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const SCHEMAS: Record<string, JsonSchema> = {
  Error: {
    type: 'object',
    description: 'Every failed call: a message for people, and for 422 the fields at fault with their messages ("travellers.0.dob").',
    properties: {
      message: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      request_id: { type: 'string' },
    },
    required: ['message'],
  },
  Message: {
    description: 'A message: text, or a status and a description.',
    anyOf: [
      { type: 'string' },
      { type: 'object', properties: { status: { enum: ['success', 'error', 'warning', 'info'] }, description: { type: 'string' } }, required: ['status', 'description'] },
    ],
  },
  ListMeta: {
    type: 'object',
    properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
    required: ['page', 'per_page', 'total'],
  },
  DataEnvelope: { type: 'object', description: 'An item: {data}.', properties: { data: {} }, required: ['data'] },
  ListEnvelope: { type: 'object', description: 'A page of a list: {data, meta}.', properties: { data: { type: 'array', items: {} }, meta: ref('ListMeta') }, required: ['data', 'meta'] },
  SavedEnvelope: { type: 'object', description: 'A change: {message, data}.', properties: { message: ref('Message'), data: {} }, required: ['message'] },
  MessageEnvelope: { type: 'object', description: 'A change with nothing to show: {message}.', properties: { message: ref('Message') }, required: ['message'] },
};

const error = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

/** The error answers, by status, shared by the operations that give them. */
export const ERROR_RESPONSES: Record<string, { description: string }> = {
  303: { description: 'The payment is not open: a redirect to the app\'s payment result page.', headers: { Location: { schema: { type: 'string' } } } } as { description: string },
  400: error('The body is not a JSON object (or not the form the provider sends).'),
  401: error('No session or token: sign in first.'),
  403: error('Signed in, but not a caller this operation admits (or an agent not yet verified and approved).'),
  404: error('No such record, or not one the caller may see.'),
  409: error('The record is not in a state that allows this (or a price or quote changed: see the operation).'),
  410: error('Gone: the offer expired.'),
  413: error('The request is too large.'),
  419: error('The X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie.'),
  422: error('The input is not valid: `errors` names each field at fault.'),
  429: error('Too many attempts: wait and try again.'),
  503: error('No payment provider is set up for this.'),
};

export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey', in: 'cookie', name: SESSION_COOKIE,
    description: 'The browser session, set by POST /api/login or /api/register (HttpOnly). Every change (POST, PUT, PATCH, DELETE) made with it also sends the xsrf header.',
  },
  xsrf: {
    type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN',
    description: `The value of the ${XSRF_COOKIE} cookie (set by GET /sanctum/csrf-cookie and at sign-in), sent back on every change made without a bearer token (double submit); 419 when it does not match.`,
  },
  bearer: {
    type: 'http', scheme: 'bearer',
    description: 'The access_token POST /api/login returns. A call that carries only this token needs no XSRF header.',
  },
};
