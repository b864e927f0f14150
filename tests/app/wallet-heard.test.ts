import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../src/api/client';
import { walletActor } from '../../src/layouts/wallet-actor';
import { walletOf } from '../../contract/http';

/** The tab's wallet hears the balance every answer names (a change the agent made, the bell's poll): no screen asks. */
let headers: Record<string, string> = {};
const asked: string[] = [];
beforeEach(() => {
  headers = {};
  asked.length = 0;
  vi.stubGlobal('document', { cookie: '', documentElement: { lang: 'en' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    asked.push(new URL(String(input), 'http://localhost').pathname);
    return Response.json({ data: null }, { headers });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the wallet heard from answers', () => {
  it('an answer naming the balance after a movement updates the tab\'s wallet at once, without asking for it', async () => {
    headers = { 'x-safar-wallet': 'PKR 540.00' };
    await request('/bookings', { method: 'POST', body: {} });
    expect(walletActor.getSnapshot().context.balance).toEqual({ amount: '540.00', currency: 'PKR' });
    expect(asked).toEqual(['/api/bookings']);
    headers = { 'x-safar-wallet': 'PKR 25540.50' };
    await request('/notifications/unread-count');
    expect(walletActor.getSnapshot().context.balance).toEqual({ amount: '25540.50', currency: 'PKR' });
  });

  it('an answer without the header, or with one it cannot read, changes nothing', async () => {
    headers = { 'x-safar-wallet': 'PKR 100.00' };
    await request('/bookings', { method: 'POST', body: {} });
    headers = {};
    await request('/user');
    headers = { 'x-safar-wallet': 'lots' };
    await request('/user');
    expect(walletActor.getSnapshot().context.balance).toEqual({ amount: '100.00', currency: 'PKR' });
  });

  it('reads the header as the server writes it', () => {
    expect(walletOf('PKR -1200.50')).toEqual({ amount: '-1200.50', currency: 'PKR' });
    expect(walletOf('1200')).toBeNull();
    expect(walletOf(null)).toBeNull();
  });
});
