/**
 * What every happy path shares. Each documented write a scenario makes is one `happy path` check: the answer's
 * status is the operation's documented success status and its JSON fits the documented success schema (the same
 * test of an answer the other checks use). The writes made are remembered, so the run can name every write of the
 * document that no scenario ran.
 */
import { admits, type Caller, type Who } from '../callers';
import { mutating, short, shortfallOf, successStatus, type Operation, type Outcome } from '../checks';
import type { Schema } from '../schema-check';

export interface Reply { status: number; body: unknown; type: string; text: string }

/** Who calls: a demo account, or an account a scenario made itself (named in the report). */
export type Actor = Who | { caller: Caller; name: string };

/** Thrown to end a scenario whose step fell short: the step's own check already says why. */
class Halt extends Error {}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DAY_MS = 86_400_000;

export class Happy {
  readonly outcomes: Outcome[] = [];
  private readonly ran = new Set<string>();
  /** Letters only (people's names take no digits): tells this run's records from an earlier run's. */
  readonly run = Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * 26)]).join('');

  constructor(readonly doc: Schema, private readonly ops: Map<string, Operation>, readonly callers: Record<Who, Caller>, readonly fresh: () => Caller) {}

  /** A name for a record this run creates: every one starts with CONFORMANCE, so it is recognisable. */
  name(what: string) { return `CONFORMANCE ${this.run} ${what}`; }
  /** A reference (letters, digits and dashes) for a record this run creates. */
  ref(what: string) { return `CONFORMANCE-${this.run}-${what}`; }
  /** An address of the reserved example.com domain, unique to this run. */
  email(what: string) { return `conformance.${this.run.toLowerCase()}.${what}@example.com`; }
  /** The date `n` days from today (UTC), YYYY-MM-DD. */
  day(n: number) { return new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10); }

  private callerOf(actor: Actor) {
    return typeof actor === 'string' ? { caller: this.callers[actor], who: actor as string } : { caller: actor.caller, who: actor.name };
  }

  private record(ok: boolean, what: string) { this.outcomes.push({ ok, check: 'happy path', what }); }

  /**
   * Makes one documented write (`key` as the document names it, e.g. `PUT /api/visas/{id}`) and checks its answer.
   * `params` fill the path's {names}; the others go in the query string.
   */
  async write(actor: Actor, key: string, body?: unknown, params: Record<string, string | number> = {}): Promise<Reply> {
    const o = this.ops.get(key);
    if (!o) throw new Error(`the document has no operation ${key}`);
    const { caller, who } = this.callerOf(actor);
    this.ran.add(key);
    // A demo account calls only what the document's x-roles admit it to (an account a scenario made is its own case).
    if (typeof actor === 'string' && !admits(o.roles, actor)) {
      this.record(false, `${key} as ${who}: its x-roles (${o.roles.join('; ')}) do not admit ${who}`);
      throw new Halt();
    }
    const rest = new URLSearchParams();
    const path = o.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
    for (const [k, v] of Object.entries(params)) if (!o.path.includes(`{${k}}`)) rest.set(k, String(v));
    const res = await caller.call(o.method, rest.size ? `${path}?${rest}` : path, body);
    const where = `${key} as ${who}`;
    const expected = successStatus(o);
    if (res.status !== expected) this.record(false, `${where}: answered ${res.status}, not the documented ${expected}${short(res.body)}`);
    else {
      const shortfall = shortfallOf(this.doc, o, res);
      this.record(!shortfall, shortfall ? `${where}${shortfall.detail}${short(res.body)}` : where);
    }
    return res;
  }

  /** A write whose answer's `data` the scenario goes on with: a step that fell short ends the scenario. */
  async data<T>(actor: Actor, key: string, body?: unknown, params: Record<string, string | number> = {}): Promise<T> {
    const res = await this.write(actor, key, body, params);
    const o = this.ops.get(key)!;
    if (res.status !== successStatus(o)) throw new Halt();
    return (res.body as { data: T }).data;
  }

  /** A read a scenario needs (an id, a value to restore): anything but a 200 ends the scenario. */
  async read<T>(actor: Actor, path: string): Promise<T> {
    const { caller, who } = this.callerOf(actor);
    const res = await caller.call('GET', path);
    if (res.status !== 200) throw new Error(`GET ${path} as ${who} answered ${res.status}${short(res.body)}`);
    return res.body as T;
  }

  /** An operation this server cannot let a partner run, with the reason (reported, neither passed nor failed). */
  skip(key: string, reason: string) {
    this.ran.add(key);
    this.outcomes.push({ ok: true, skipped: true, check: 'happy path', what: `${key}: ${reason}` });
  }

  /** Runs one scenario; a step that throws ends it (its undo steps in `finally` blocks still run). */
  async scenario(name: string, steps: () => Promise<void>) {
    try {
      await steps();
    } catch (e) {
      if (!(e instanceof Halt)) this.record(false, `${name}: could not go on: ${(e as Error).message}`);
    }
  }

  /** Every write of the document: skipped with a reason, run by a scenario, or a failure naming it. */
  coverage(skipped: Record<string, string>) {
    for (const o of this.ops.values()) {
      if (!mutating(o) || this.ran.has(o.key)) continue;
      if (skipped[o.key]) this.skip(o.key, skipped[o.key]);
      else this.record(false, `no happy path ran ${o.key}`);
    }
  }
}
