import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import type { Statement, StatementRow } from '../../contract/ledger';
import { statementCsv } from '../../src/features/agents/AgentLedger';
import { ledgerReference } from '../../src/features/agents/ledger-words';

/** The statement's CSV: each row in words with the booking reference, amounts as everywhere; nothing internal. */
const m = (amount: string) => ({ amount, currency: 'PKR' });
const row = (over: Partial<StatementRow>): StatementRow => ({
  id: 1, transaction_id: 1, date: '2026-11-29T20:30:00Z', type: 'booking', reference: 'booking:YFH2QC', description: 'Flight KHI-DXB 2026-12-20, PNR YFH2QC',
  subject: { kind: 'flight', pnr: 'YFH2QC', origin: 'KHI', destination: 'DXB', date: '2026-12-20' }, debit: m('67357.00'), credit: m('0.00'), balance: m('432643.00'), ...over,
});
const statement: Statement = {
  agent: { id: 7, name: 'A', email: 'a@x', company_name: 'Crescent Travels', agent_code: 'AGN-26-0001' } as Statement['agent'],
  from: null, to: null, opening_balance: m('500000.00'), closing_balance: m('426643.50'), total_debit: m('73357.00'), total_credit: m('0.50'),
  rows: [
    row({}),
    row({ id: 2, type: 're_issue', reference: 're_issue:7L3DLS:1', subject: { kind: 'flight', pnr: '7L3DLS', origin: 'KHI', destination: 'DXB', date: '2026-12-21' }, debit: m('6000.00'), balance: m('426643.00') }),
    row({ id: 3, type: 'adjustment', reference: 'adjustment:demo-opening', subject: { kind: 'opening' }, debit: m('0.00'), credit: m('0.50'), balance: m('426643.50') }),
  ],
};
const t = (k: string) => k;
const words = (r: StatementRow) => `words for ${r.reference.split(':')[0]}`;

describe('statement CSV', () => {
  const csv = statementCsv(statement, t, words, 'en');
  const rows = Papa.parse<string[]>(csv).data;

  it('names the booking each row is about and never a posting\'s internal reference', () => {
    expect(csv).not.toMatch(/booking:|re_issue:|adjustment:/);
    expect(rows.slice(2, 5).map((r) => r[2])).toEqual(['YFH2QC', '7L3DLS', '']);
  });

  it('writes amounts and days as every place does: grouped, minor units only when there are some, the day in Pakistan', () => {
    expect(rows[1]).toEqual(['', 'ledger.opening', '', '', '', '', 'PKR 500,000']);
    // 20:30 UTC on 29 Nov is 01:30 on 30 Nov in Karachi.
    expect(rows[2]).toEqual(['30 Nov 2026', 'ledger.types.booking', 'YFH2QC', 'words for booking', 'PKR 67,357', '', 'PKR 432,643']);
    expect(rows[4].slice(4)).toEqual(['', 'PKR 0.50', 'PKR 426,643.50']);
    expect(rows[5]).toEqual(['', 'ledger.closing', '', '', 'PKR 73,357', 'PKR 0.50', 'PKR 426,643.50']);
  });

  it('the reference each kind of line is about', () => {
    expect(ledgerReference({ kind: 'hotel', reference: 'HB-7K2M9Q', hotel: 'H', hotel_ar: null, city: 'C', city_ar: null, check_in: '2026-12-01', check_out: '2026-12-03' })).toBe('HB-7K2M9Q');
    expect(ledgerReference({ kind: 'charge', charge_type: 'ok_to_board', booking_reference: 'YFH2QC' })).toBe('YFH2QC');
    expect(ledgerReference({ kind: 'charge', charge_type: 'charge', booking_reference: null })).toBe('');
    expect(ledgerReference(null)).toBe('');
  });
});
