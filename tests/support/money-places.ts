/**
 * Reading one amount in every place that states it — an API answer, the ledger, a mail, a PDF, a notice — so a
 * test can say that they agree, and name the two that do not. Amounts are read from text in any way the product
 * writes money ("PKR 67,357", "PKR 25000.00", "PKR 39,315.50", "-PKR 1,500", Arabic text with isolates), as
 * integer minor units.
 */
import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { parseMinor, type Money } from '../../contract/money';
import type { Db } from '../../server/db/client';
import { outbox } from '../../server/db/schema';
import type { setupApi, TestClient } from './api';

type Api = Awaited<ReturnType<typeof setupApi>>;

const BIDI = /[\u200e\u200f\u061c\u2066-\u2069\u202a-\u202e]/g;
const AMOUNT = /(-?)\s*(?:PKR|Rs\.?)\s*(-?)\s*(\d[\d,]*(?:\.\d{1,2})?)|(-?)(\d[\d,]*(?:\.\d{1,2})?)\s*PKR/g;

/** Every amount of money written in a text, in the order written, in minor units. */
export function amountsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.replace(BIDI, '').matchAll(AMOUNT)) {
    const digits = (m[3] ?? m[5]).replace(/,/g, '');
    const minor = parseMinor(digits);
    if (minor !== null) out.push(m[1] || m[2] || m[4] ? -minor : minor);
  }
  return out;
}

export const minorOf = (m: Pick<Money, 'amount'>) => parseMinor(m.amount)!;

/**
 * One money event's amount as each place states it. `check` fails naming the path and the first two places that
 * disagree; a place that states no such amount says so too.
 */
export class Agreement {
  private readonly places: { place: string; minor: number | null; note?: string }[] = [];
  constructor(readonly path: string) {}

  /** What a place says the amount is (null: it says none). */
  says(place: string, minor: number | null | undefined, note?: string): this {
    this.places.push({ place, minor: minor ?? null, note });
    return this;
  }

  /** A text (mail, notice) that must state the amount among the amounts it writes. */
  writes(place: string, text: string, minor: number): this {
    const found = amountsIn(text);
    return this.says(place, found.includes(minor) ? minor : found[0] ?? null, found.includes(minor) ? undefined : `it writes ${found.join(', ') || 'no amount'}: «${text.slice(0, 300)}»`);
  }

  check(): void {
    const [first, ...rest] = this.places;
    for (const p of rest) {
      if (p.minor !== first.minor) {
        expect.fail(`${this.path}: ${first.place} says ${show(first.minor)} but ${p.place} says ${show(p.minor)}${p.note ? ` (${p.note})` : ''}`);
      }
    }
  }
}
const show = (minor: number | null) => (minor === null ? 'nothing' : (minor / 100).toFixed(2));

/** The newest mail of a kind to an address (its subject and text). */
export async function lastMail(db: Db, to: string, kind: string) {
  const [m] = await db.select().from(outbox).where(and(eq(outbox.toAddress, to.toLowerCase()), eq(outbox.kind, kind))).orderBy(desc(outbox.id)).limit(1);
  if (!m) expect.fail(`no ${kind} mail to ${to}`);
  return `${m.subject}\n${m.textBody}`;
}

/**
 * A PDF's money: its text, and the amounts of its totals block read from the end — the total stated after the
 * lines, and whether the lines before it add up to it. `lines` counts how many amounts precede the total.
 */
export async function pdfMoney(api: Api, c: TestClient, path: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await api.app.request(path, { headers: cookie ? { cookie } : {} });
  if (res.status !== 200) expect.fail(`${path} answered ${res.status}: ${await res.text()}`);
  const text = (await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true })).text;
  return { text, amounts: amountsIn(text) };
}

/** The amount on a document's line that starts with `label` ("Refunded -PKR 43,500"), or null. */
export function amountOnLine(text: string, label: string): number | null {
  const line = text.replace(BIDI, '').split('\n').find((l) => l.startsWith(`${label} `));
  return line ? amountsIn(line.slice(label.length))[0] ?? null : null;
}

/**
 * A document's totals block: the amount on the line that starts with `label` ("Total PKR 67,357"), and every amount
 * written before that line (its lines). A document whose lines do not add up to its total fails, naming the path.
 */
export function documentTotal(path: string, place: string, text: string, label: string): number | null {
  const lines = text.replace(BIDI, '').split('\n');
  const at = lines.findIndex((l) => l.startsWith(`${label} `));
  if (at < 0) expect.fail(`${path}: ${place} has no "${label}" line: «${text.slice(-600)}»`);
  const [total] = amountsIn(lines[at].slice(label.length));
  const before = amountsIn(lines.slice(0, at).join('\n'));
  const sum = before.reduce((s, x) => s + x, 0);
  if (sum !== total) expect.fail(`${path}: ${place}'s lines (${before.map(show).join(' + ')}) add up to ${show(sum)} but its ${label} says ${show(total ?? null)}`);
  return total ?? null;
}
