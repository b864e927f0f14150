import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A booking's status changes only through its lifecycle machine (server/lifecycle/). This scans the server for
 * any other write of a status column of a booking table, by the query builder (`.update(table).set({ status`)
 * or in SQL text (`update hotel_bookings set status`), and names each file and line.
 */
const ROOT = join(__dirname, '../../server');
const TABLES = ['bookings', 'hotelBookings', 'packageBookings', 'visaApplications', 'insurancePolicies', 'deposits'];
const SQL_TABLES = ['bookings', 'hotel_bookings', 'package_bookings', 'visa_applications', 'insurance_policies', 'deposits'];
const BUILDER = new RegExp(String.raw`\.update\(\s*(?:${TABLES.join('|')})\s*\)\s*\.set\(\s*\{([^}]*)\}`, 'g');
const RAW = new RegExp(String.raw`update\s+"?(?:${SQL_TABLES.join('|')})"?\s+set\s+[^;]*?\bstatus\s*=`, 'gi');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : files(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

function statusWrites(path: string, text: string): string[] {
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const found: string[] = [];
  for (const m of text.matchAll(BUILDER)) if (/(^|[\s,{])status\s*(?::|,|$)/.test(m[1]!)) found.push(`${path}:${lineOf(m.index!)}`);
  for (const m of text.matchAll(RAW)) found.push(`${path}:${lineOf(m.index!)}`);
  return found;
}

describe('booking statuses are written by the lifecycle module only', () => {
  it('finds no status write outside server/lifecycle/', () => {
    const outside = files(ROOT).filter((f) => !relative(ROOT, f).startsWith('lifecycle/'));
    const writes = outside.flatMap((f) => statusWrites(relative(join(ROOT, '..'), f), readFileSync(f, 'utf8')));
    expect(writes, `status written outside server/lifecycle/ at:\n${writes.join('\n')}`).toEqual([]);
  });

  it('sees the writes it looks for, and not a payment status or another table', () => {
    expect(statusWrites('x.ts', "await tx.update(hotelBookings)\n  .set({ status: 'expired', updatedAt: now })")).toEqual(['x.ts:1']);
    expect(statusWrites('x.ts', "\n\ndb.update(bookings).set({ updatedAt: now, status })")).toEqual(['x.ts:3']);
    expect(statusWrites('x.ts', "\n\ndb.update(bookings).set({ updatedAt: now, status: to })")).toEqual(['x.ts:3']);
    expect(statusWrites('x.ts', "tx.update(packageBookings).set({ paymentStatus: 'paid' })")).toEqual([]);
    expect(statusWrites('x.ts', "tx.update(payments).set({ status: 'refunded' })")).toEqual([]);
    expect(statusWrites('x.ts', 'sql`update visa_applications set decided_at = now(), status = ${s}`')).toEqual(['x.ts:1']);
  });
});
