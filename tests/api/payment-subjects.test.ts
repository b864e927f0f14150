import { describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { openSubjectCheckout, refundDuePayments } from '../../server/payments/service';
import { registerPaymentSubject } from '../../server/payments/subjects';

/**
 * Another product paid through the card trackers (server/payments/subjects.ts): a fake product whose items are
 * rows of a map stands in for insurance, visas and packages, so the contract is tested once, apart from them.
 */
const api = await setupApi();
const items = new Map<number, { status: 'unpaid' | 'paid' | 'gone'; events: string[] }>();
registerPaymentSubject('test-item', {
  async confirm(_tx, _ctx, id) {
    const item = items.get(id)!;
    if (item.status !== 'unpaid') return false;
    item.status = 'paid';
    item.events.push('paid');
    return true;
  },
  async unpaid(_tx, _ctx, id, outcome) { items.get(id)!.events.push(outcome); },
  async afterPaid(_ctx, id) { items.get(id)!.events.push('after'); },
  async refundedMail(_tx, _ctx, id) { items.get(id)!.events.push('refunded'); },
  async describe(_ctx, id) { return items.has(id) ? { reference: `ITEM-${id}`, href: `/items/${id}` } : null; },
});

const sandbox = (client: TestClient, url: string, how: 'decline' | 'pay') => client.request('POST', new URL(url).pathname, new URLSearchParams({
  card: how === 'pay' ? '4242 4242 4242 4242' : '4000 0000 0000 0002', action: 'pay', lang: 'en',
}).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
const trackerOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('card payment of a registered product', () => {
  it('a declined card leaves the item payable, a second checkout pays it once, and the result names it', async () => {
    items.set(1, { status: 'unpaid', events: [] });
    const guest = await api.as('anonymous');
    const first = await openSubjectCheckout(api.ctx, { kind: 'test-item', id: 1, amountMinor: 12_345_00, currency: 'PKR' });
    // Asked again before paying (a double click): the same tracker.
    expect((await openSubjectCheckout(api.ctx, { kind: 'test-item', id: 1, amountMinor: 12_345_00, currency: 'PKR' })).tracker).toBe(first.tracker);
    await sandbox(guest, first.url, 'decline');
    expect(items.get(1)).toEqual({ status: 'unpaid', events: ['failed'] });

    const second = await openSubjectCheckout(api.ctx, { kind: 'test-item', id: 1, amountMinor: 12_345_00, currency: 'PKR' });
    expect(second.tracker).not.toBe(first.tracker);
    await sandbox(guest, second.url, 'pay');
    expect(items.get(1)).toEqual({ status: 'paid', events: ['failed', 'paid', 'after'] });
    const result = await guest.get('/api/payment-result', { tracker: trackerOf(second.url) });
    expect(result.body.data).toMatchObject({
      status: 'paid', amount: { amount: '12345.00', currency: 'PKR' }, booking: null, hotel_booking_id: null, hotel_booking: null,
      subject: { kind: 'test-item', id: 1, reference: 'ITEM-1', href: '/items/1' },
    });
  });

  it('money that arrives when the item is no longer payable is refunded, with the product told', async () => {
    items.set(2, { status: 'unpaid', events: [] });
    const guest = await api.as('anonymous');
    const checkout = await openSubjectCheckout(api.ctx, { kind: 'test-item', id: 2, amountMinor: 500_00, currency: 'PKR' });
    items.get(2)!.status = 'gone';
    await sandbox(guest, checkout.url, 'pay');
    await refundDuePayments(api.ctx);
    expect((await guest.get('/api/payment-result', { tracker: trackerOf(checkout.url) })).body.data.status).toBe('refunded');
    expect(items.get(2)!.events).toEqual(['refunded']);
  });

  it('an unregistered kind is a programming error, not a checkout', async () => {
    await expect(openSubjectCheckout(api.ctx, { kind: 'nothing', id: 1, amountMinor: 1, currency: 'PKR' })).rejects.toThrow(/no payment subject/);
  });
});
