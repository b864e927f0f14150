import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { expectRoleMatrix, identities, newAgent } from '../support/agents';
import { bookings, ledgerTransactions } from '../../server/db/schema';
import { creditWallet, walletBalance } from '../../server/ledger/service';

/**
 * An agent imports its own PNR from the supplier and tickets it from its wallet. A wallet that does not cover it
 * is told so with the figures (needed, available, short); the agent saves it without ticketing instead and tickets
 * it later from its page, once topped up.
 */
const api = await setupApi();
const as = identities(api);
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const minor = (amount: string) => Math.round(Number(amount) * 100);

/** A PNR booked in the embedded supplier for this agent, as another channel would. */
async function externalPnr(agentId: number) {
  const res = await (await as('reservation')).post('/api/supplier-console/pnrs', {
    origin: 'KHI', destination: 'DXB', date: day(24), cabin: 'Y', agent_id: agentId, agency: '',
    passengers: [{ type: 'ADT', title: 'Mr', first_name: 'Bilal', last_name: 'Ahmed', dob: '1986-02-03', nationality: 'PK', passport: 'AK1234567' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { pnr: string; price: { amount: string; currency: string } };
}

describe('agent PNR import paid from the wallet', () => {
  it('a wallet that does not cover it: 422 with the figures, nothing kept; saved without ticketing, then ticketed once topped up', async () => {
    const agent = await newAgent(api, await as('admin'));
    const created = await externalPnr(agent.id);
    const fare = minor(created.price.amount);
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 1000_00, type: 'deposit', reference: `test:short-${agent.id}`, description: 'a small float' });

    const refused = await agent.client.post('/api/import-pnr', { source: 'supplier', pnr: created.pnr, issue: true });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: 'Insufficient Balance',
      errors: { amount: ['Insufficient Balance'] },
      wallet: {
        needed: { amount: created.price.amount, currency: 'PKR' },
        available: { amount: '1000.00', currency: 'PKR' },
        shortfall: { amount: ((fare - 1000_00) / 100).toFixed(2), currency: 'PKR' },
      },
    });
    // Nothing was kept and nothing was taken: the same PNR may be saved again.
    expect(await api.db.select().from(bookings).where(eq(bookings.pnr, created.pnr))).toEqual([]);
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(1000_00);

    const saved = await agent.client.post('/api/import-pnr', { source: 'supplier', pnr: created.pnr, issue: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.message).toBe('Booking saved without ticketing: ticket it from its page once your wallet covers it.');
    expect(saved.body.data).toMatchObject({ status: 'pending', access: 'owner', owner_may_ticket: true, direct: { source: 'supplier' } });
    const id: number = saved.body.data.id;

    // Still short: the same answer, with the figures; the booking stays pending.
    const short = await agent.client.post(`/api/import-pnr/${id}/ticket`, {});
    expect(short.status).toBe(422);
    expect(short.body.wallet).toMatchObject({ needed: { amount: created.price.amount }, available: { amount: '1000.00' } });
    expect((await agent.client.get('/api/get-pnr-details', { pnr: created.pnr })).body.data.booking.status).toBe('pending');

    await creditWallet(api.db, { agentId: agent.id, amountMinor: fare, type: 'deposit', reference: `test:topup-${agent.id}`, description: 'top-up' });
    const ticketed = await agent.client.post(`/api/import-pnr/${id}/ticket`, {});
    expect(ticketed.status, JSON.stringify(ticketed.body)).toBe(200);
    expect(ticketed.body).toMatchObject({ message: 'Booking ticketed and paid from your wallet.', data: { status: 'ticketed', owner_may_ticket: false } });
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(1000_00);
    // Its history says it went pending → ticketed through the lifecycle, by the agent.
    expect(ticketed.body.data.events.map((e: { action: string; to_status: string }) => [e.action, e.to_status])).toEqual([['import_pnr', 'pending'], ['issue', 'ticketed']]);
    expect((await agent.client.post(`/api/import-pnr/${id}/ticket`, {})).status).toBe(409);
  });

  it('a wallet that covers it: ticketed at once; a pasted display still waits for staff', async () => {
    const agent = await newAgent(api, await as('admin'));
    const created = await externalPnr(agent.id);
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 5_000_000_00, type: 'deposit', reference: `test:float-${agent.id}`, description: 'float' });
    const saved = await agent.client.post('/api/import-pnr', { source: 'supplier', pnr: created.pnr, issue: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({ status: 'ticketed', payable: { amount: created.price.amount } });
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(5_000_000_00 - minor(created.price.amount));
    expect(await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `direct_booking:${created.pnr}`))).toHaveLength(1);

    const text = `RP/LHEPK2100/LHEPK2100            AA/SU  10MAY26/0912Z   T5W8PZ
  1.AHMED/BILAL MR
  3  EK 623 Y 12JUN 5 LHEDXB HK1  0415 0640  12JUN  E  EK/T5W8PZ`;
    const pre = (await agent.client.post('/api/parse-pnr', { text })).body.data;
    const pasted = await agent.client.post('/api/import-pnr', { source: 'display', pnr: pre.pnr, segments: pre.segments, passengers: pre.passengers, fares: [{ type: 'ADT', base: '1.00', taxes: '0' }], issue: true, raw_display: text });
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(201);
    expect(pasted.body.data).toMatchObject({ status: 'pending', owner_may_ticket: false });
    // Typed fares are checked by staff: the agent may not ticket it itself.
    expect((await agent.client.post(`/api/import-pnr/${pasted.body.data.id}/ticket`, {})).status).toBe(403);
  });

  it('only the approved agent who owns the import tickets it; staff ticket through their own route', async () => {
    const owner = await newAgent(api, await as('admin'));
    const created = await externalPnr(owner.id);
    const saved = await owner.client.post('/api/import-pnr', { source: 'supplier', pnr: created.pnr });
    expect(saved.body.data.status).toBe('pending');
    const id: number = saved.body.data.id;
    // The demo agent is another agency: the booking is not theirs (404); staff and customers may not use this route.
    await expectRoleMatrix(as, (c) => c.post(`/api/import-pnr/${id}/ticket`, {}), { agent: 404 });
    expect((await owner.client.post('/api/import-pnr/abc/ticket', {})).status).toBe(422);
    expect((await api.db.select().from(bookings).where(eq(bookings.id, id)))[0].status).toBe('pending');
  });
});
