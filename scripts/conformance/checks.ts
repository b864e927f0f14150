/**
 * The contract's checks, each over every operation the document lists: who is refused (401 without a session, 403
 * for a signed-in caller the operation does not admit), what a call without its required input answers (the
 * `{message, errors}` shape), what reads answer the callers they admit (checked against the documented answer), and
 * that every answer's status is one the document gives the operation.
 */
import { admits, Caller, EVERYONE, type Who } from './callers';
import { schemaErrors, type Schema } from './schema-check';

export interface Operation { method: string; path: string; key: string; op: Schema; roles: string[] }
/** One check's result; a skipped one (an operation no partner can run) is reported apart, neither passed nor failed. */
export interface Outcome { ok: boolean; check: string; what: string; skipped?: boolean }

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** A value for each path parameter: well formed, naming nothing that exists, so a call changes nothing. */
const PARAM_VALUES: Record<string, string> = {
  id: '999999', code: 'ZZZ', file_name: '0123456789abcdef0123456789abcdef.png', reference: 'Q0123456789AB', supplier: 'embedded',
  sooper: '0', tracker: 'no-such-tracker-0000', pnr: 'ZZZZZZ', kind: 'flight', lineId: '999999', n: '1',
};

export function operationsOf(doc: Schema): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({ method: method.toUpperCase(), path, key: `${method.toUpperCase()} ${path}`, op, roles: (op['x-roles'] as string[] | undefined) ?? ['public'] });
    }
  }
  return out;
}

const filled = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(PARAM_VALUES[name] ?? '999999'));
const hasParams = (o: Operation) => /\{\w+\}/.test(o.path);
export const mutating = (o: Operation) => o.method !== 'GET';
const responses = (o: Operation) => (o.op.responses ?? {}) as Record<string, Schema>;
const bodySchema = (o: Operation) => ((o.op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined)?.['application/json']?.schema as Schema | undefined;
const requiredQuery = (o: Operation) => ((o.op.parameters as Schema[] | undefined) ?? []).some((p) => p.in === 'query' && p.required);

/** The answer's schema as the document gives it for that status (following a components/responses $ref). */
function answerSchema(doc: Schema, o: Operation, status: number): Schema | undefined {
  let r = responses(o)[String(status)] as Schema | undefined;
  if (r && typeof r.$ref === 'string') r = (doc.components as Record<string, Record<string, Schema>>).responses[(r.$ref as string).split('/').pop()!];
  return ((r?.content as Record<string, Schema> | undefined)?.['application/json']?.schema) as Schema | undefined;
}

/** The start of an answer's body, for a line of the report. */
export const short = (body: unknown) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text ? `: ${text.slice(0, 160)}` : '';
};

/** An answer as a caller receives it. */
export interface Answer { status: number; body: unknown; type: string }

/** The usual success status: the first below 400 that the document does not mark as the alternative (a retry's). */
export const successStatus = (o: Operation) => Number(Object.entries(responses(o)).find(([s, r]) => Number(s) < 400 && !r['x-alternative'])?.[0]);

/**
 * What falls short in an answer by the document, or null: a status it does not list for the operation, or a JSON
 * body that does not fit that status's schema. Every check of an answer (refusals, reads, happy paths) uses it.
 */
export function shortfallOf(doc: Schema, o: Operation, res: Answer): { check: string; detail: string } | null {
  const documented = res.status in responses(o) || res.status === 429;
  if (!documented) return { check: 'documented status', detail: `: answered ${res.status}, which the document does not list (${Object.keys(responses(o)).join(', ')}) ${short(res.body)}` };
  const schema = answerSchema(doc, o, res.status);
  if (schema && res.type.includes('json')) {
    const errs = schemaErrors(doc, schema, res.body);
    if (errs.length) return { check: 'answer shape', detail: ` (${res.status}): ${errs.join('; ')}` };
  }
  return null;
}

export class Checker {
  outcomes: Outcome[] = [];
  constructor(readonly doc: Schema, readonly callers: Record<Who, Caller>) {}

  private record(ok: boolean, check: string, what: string) { this.outcomes.push({ ok, check, what }); }

  /** The status is one the document lists for the operation, and a JSON answer fits that status's schema. */
  private answer(o: Operation, who: Who, res: Answer, expect?: (s: number) => boolean, label = 'answer') {
    const where = `${o.key} as ${who}`;
    if (expect && !expect(res.status)) return this.record(false, label, `${where}: answered ${res.status} ${short(res.body)}`);
    if (res.status >= 500) return this.record(false, label, `${where}: answered ${res.status} ${short(res.body)}`);
    const shortfall = shortfallOf(this.doc, o, res);
    if (shortfall) return this.record(false, shortfall.check, `${where}${shortfall.detail}`);
    this.record(true, label, where);
  }

  async refusals(o: Operation) {
    if (o.roles.includes('public')) return;
    for (const who of EVERYONE) {
      if (admits(o.roles, who)) continue;
      // One refused caller of each kind: without a session (401), and the first signed-in one (403).
      const anonymous = who === 'anonymous';
      if (!anonymous && EVERYONE.slice(0, EVERYONE.indexOf(who)).some((w) => w !== 'anonymous' && !admits(o.roles, w))) continue;
      const res = await this.callers[who].call(o.method, filled(o.path), mutating(o) ? {} : undefined);
      this.answer(o, who, res, (s) => s === (anonymous ? 401 : 403), anonymous ? 'refused without a session' : 'refused for the wrong role');
    }
  }

  /** A write sent without its required fields: the error shape, naming fields; nothing is changed. */
  async validation(o: Operation) {
    const schema = bodySchema(o);
    if (!mutating(o) || !schema || !((schema.required as string[] | undefined)?.length)) return;
    const who = EVERYONE.find((w) => admits(o.roles, w));
    if (!who) return;
    const res = await this.callers[who].call(o.method, filled(o.path), {});
    // 422, or a 404 where the write names a record (in the path, or in the body it was sent without).
    const ok = (s: number) => s === 422 || (s === 404 && 404 in responses(o)) || (s >= 400 && s < 500 && !(422 in responses(o)));
    this.answer(o, who, res, ok, 'refused without its required input');
    if (res.status === 422) {
      const errors = (res.body as { errors?: unknown }).errors;
      if (!errors || typeof errors !== 'object') this.record(false, 'errors by field', `${o.key} as ${who}: a 422 without an errors object`);
    }
  }

  /** Reads answer the callers they admit as documented (a list, an item, or a 4xx for input a read needs). */
  async reads(o: Operation) {
    if (mutating(o)) return;
    const who = EVERYONE.find((w) => admits(o.roles, w));
    if (!who) return;
    const res = await this.callers[who].call('GET', filled(o.path));
    const ok = (s: number) => (s >= 200 && s < 400) || ((hasParams(o) || requiredQuery(o)) && s >= 400 && s < 500) || s === 422 || s === 404;
    this.answer(o, who, res, ok, hasParams(o) ? 'read of a record that does not exist' : 'read');
  }
}
