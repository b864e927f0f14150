// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import en from '../../locales/en.json';
import { initI18n, setLanguage } from '../../src/i18n';
import type { FlightCalendar } from '../../contract/flight-calendar';
import type { PriceAlert } from '../../contract/price-alerts';
import { DateStrip } from '../../src/features/flights/DateStrip';

/**
 * "Watch this month" under the strip above one-way results (jsdom): a guest is offered sign-in and nothing is
 * asked; a customer watches the searched day's month for the search's whole party; a month already watched says
 * so on opening and may be stopped there.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const who = vi.hoisted(() => ({ role: 'guest' as 'guest' | 'customer' | 'agent' }));
vi.mock('../../src/features/flights/useRole', async (original) => ({
  ...(await original<typeof import('../../src/features/flights/useRole')>()),
  useFlowRole: () => who.role,
}));

const asked: { method: string; path: string; body: unknown }[] = [];
let watched: PriceAlert[] = [];
let root: Root | null = null;
let host: HTMLElement;

const emptyMonth = (m: string): FlightCalendar => ({ origin: 'KHI', destination: 'DXB', month: m, adults: 2, cabin_class: 'Y', days: [] });
const alertOf = (over: Partial<PriceAlert>): PriceAlert => ({
  id: 7, origin: 'KHI', destination: 'DXB', departure_date: null, return_date: null, month: '2027-02', adults: 2, children: 1, infants: 0, cabin_class: 'Y',
  price: { amount: '90000.00', currency: 'PKR' }, priced_at: '2027-01-10T08:00:00.000Z', notice_price: null, search_path: '/flight/search',
  created_at: '2027-01-10T08:00:00.000Z', checked_at: null, mailed_at: null, ...over,
});

beforeAll(async () => { await initI18n('en', en); });
beforeEach(async () => {
  asked.length = 0;
  watched = [];
  who.role = 'guest';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-10T09:00:00Z'));
  await act(() => setLanguage('en'));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : null;
    const url = new URL(String(req ? req.url : input), window.location.origin);
    const method = (req?.method ?? init?.method ?? 'GET').toUpperCase();
    if (url.pathname === '/sanctum/csrf-cookie') return Response.json({});
    if (url.pathname === '/api/flights/calendar') return Response.json({ data: emptyMonth(url.searchParams.get('month')!) });
    const text = req ? await req.clone().text() : typeof init?.body === 'string' ? init.body : '';
    asked.push({ method, path: url.pathname, body: text ? JSON.parse(text) : null });
    if (url.pathname === '/api/price-alerts' && method === 'GET') return Response.json({ data: watched });
    if (url.pathname === '/api/price-alerts' && method === 'POST') return Response.json({ data: alertOf({ id: 8 }) }, { status: 201 });
    if (url.pathname.startsWith('/api/price-alerts/') && method === 'DELETE') return Response.json({ message: 'Price alert removed.' });
    return Response.json({ message: 'not found' }, { status: 404 });
  });
  host = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));
const oneWay = { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: '2027-02-12', adults: '2', children: '1', cabin_class: 'Y' };
async function show(query: Record<string, string>) {
  root ??= createRoot(host);
  await act(async () => root!.render(<DateStrip query={query} onChoose={() => {}} />));
  await settle();
}
const watchBox = () => host.querySelector<HTMLElement>('[data-testid=watch-month]');
const press = async (name: string) => {
  const button = [...watchBox()!.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.includes(name))!;
  expect(button, name).toBeTruthy();
  await act(async () => button.click());
  await settle();
};

describe('watch this month, under the strip', () => {
  it('offers a guest sign-in and asks nothing', async () => {
    await show(oneWay);
    expect(watchBox()!.dataset.state).toBe('guest');
    const link = watchBox()!.querySelector('a')!;
    expect([link.getAttribute('href'), link.textContent?.trim()]).toEqual(['/auth/login', "Sign in to watch this month's prices"]);
    expect(asked).toEqual([]);
  });

  it("watches the searched day's month for the whole party", async () => {
    who.role = 'customer';
    await show(oneWay);
    expect(asked).toEqual([{ method: 'GET', path: '/api/price-alerts', body: null }]);
    await press("Watch this month's prices");
    expect(asked[1]).toEqual({
      method: 'POST', path: '/api/price-alerts',
      body: { origin: 'KHI', destination: 'DXB', adults: 2, children: 1, infants: 0, cabin_class: 'Y', month: '2027-02', departure_date: null, return_date: null },
    });
    expect(watchBox()!.textContent).toContain("Watching this month's prices");
  });

  it('says a month already watched on opening, and stops it there', async () => {
    who.role = 'agent';
    watched = [alertOf({ id: 5, month: '2027-03' }), alertOf({ id: 7 })];
    await show(oneWay);
    expect(watchBox()!.textContent).toContain('You already watch this route for this month.');
    await press('Stop watching');
    expect(asked.at(-1)).toEqual({ method: 'DELETE', path: '/api/price-alerts/7', body: null });
    expect(watchBox()!.textContent).toContain("Watch this month's prices");
  });

  it('is not offered above a round trip', async () => {
    who.role = 'customer';
    await show({ ...oneWay, flightType: 'return', return_date: '2027-02-20' });
    expect(watchBox()).toBeNull();
  });
});
