// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import en from '../../locales/en.json';
import { initI18n, setLanguage } from '../../src/i18n';
import { moneyShort } from '../../contract/format/money';
import { priceMarks, type FlightCalendar, type FlightGrid } from '../../contract/flight-calendar';
import CalendarPanel from '../../src/components/date-picker/CalendarPanel';
import { usePriceNotes } from '../../src/features/flights/price-notes';
import { DateStrip } from '../../src/features/flights/DateStrip';
import ReturnGrid from '../../src/features/flights/ReturnGrid';
import type { CalendarRoute } from '../../machines/price-calendar';

/**
 * The price calendar on screen (jsdom): the date picker's days carry their lowest price and mark in their
 * accessible name and nothing is asked until both airports are set; the strip above results asks the months its
 * seven days fall in and chooses a day; the return grid names every pairing and refuses a return before its departure.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const asked: URL[] = [];
let failNext = false;
let root: Root | null = null;
let host: HTMLElement;

/** A month whose prices climb with the day: 40,000 on the 1st, 1,000 more each day. */
function month(m: string): FlightCalendar {
  const count = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).getUTCDate();
  const prices = Array.from({ length: count }, (_, i) => 40_000_00 + i * 1000_00);
  const marks = priceMarks(prices);
  return {
    origin: 'KHI', destination: 'DXB', month: m, adults: 1, cabin_class: 'Y',
    days: prices.map((p, i) => ({ date: `${m}-${String(i + 1).padStart(2, '0')}`, price: { amount: (p / 100).toFixed(2), currency: 'PKR' }, mark: marks[i] })),
  };
}

beforeAll(async () => { await initI18n('en', en); });
beforeEach(async () => {
  asked.length = 0;
  failNext = false;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-10T09:00:00Z'));
  await act(() => setLanguage('en'));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
    if (url.pathname === '/sanctum/csrf-cookie') return Response.json({});
    asked.push(url);
    if (failNext) return Response.json({ message: 'down', errors: {} }, { status: 503 });
    if (url.pathname === '/api/flights/calendar') return Response.json({ data: month(url.searchParams.get('month')!) });
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

async function show(el: ReactElement) {
  root ??= createRoot(host);
  await act(async () => root!.render(el));
  await settle();
}
const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));
const cell = (date: string) => host.querySelector<HTMLElement>(`[data-date="${date}"]`)!;
const KHI_DXB: CalendarRoute = { origin: 'KHI', destination: 'DXB', adults: 1, cabin_class: 'Y' };

function PricedPanel({ route, value }: { route: Partial<CalendarRoute> | null; value: string }) {
  const notes = usePriceNotes(route);
  return <CalendarPanel value={value} rules={{ min: '2027-01-10', max: '2027-12-31' }} initialView="days" locale="en-US" onPick={() => {}} notes={notes} />;
}

describe('short money', () => {
  it('keeps three digits with K or M, the same in both languages', () => {
    const short = (amount: string) => moneyShort({ amount, currency: 'PKR' });
    expect([short('48200.00'), short('148200.00'), short('950.00'), short('999600.00'), short('1250000.00'), short('-1500.00')])
      .toEqual(['48.2K', '148K', '950', '1M', '1.25M', '-1.5K']);
  });
});

describe('the date picker with prices', () => {
  it('asks nothing until both airports are set, then names each day with its price and mark', async () => {
    await show(<PricedPanel route={{ ...KHI_DXB, destination: undefined }} value="2027-03-15" />);
    expect(asked).toEqual([]);
    expect(host.querySelector('.date-cell-noted')).toBeNull();

    await show(<PricedPanel route={KHI_DXB} value="2027-03-15" />);
    expect(asked.map((u) => [u.searchParams.get('month'), u.searchParams.get('origin'), u.searchParams.get('destination')])).toEqual([['2027-03', 'KHI', 'DXB']]);
    expect(cell('2027-03-01').getAttribute('aria-label')).toBe('Monday, March 1, 2027, PKR\u00a040,000, low price');
    expect(cell('2027-03-31').getAttribute('aria-label')).toBe('Wednesday, March 31, 2027, PKR\u00a070,000, high price');
    expect(cell('2027-03-15').getAttribute('aria-label')).toMatch(/March 15, 2027.*, PKR\u00a054,000, typical price$/);
    // Seen, not only heard: a short price and a mark that is not the colour alone, explained by the legend. (Money
    // in a name keeps its code and figure together with a no-break space, as everywhere.)
    expect(cell('2027-03-01').textContent).toBe('140K↓');
    expect(cell('2027-03-31').textContent).toBe('3170K↑');
    expect(host.querySelector('[data-testid=price-legend]')!.textContent).toContain('in PKR');
  });

  it('asks the next month as the calendar pages, and keeps the months it has', async () => {
    await show(<PricedPanel route={KHI_DXB} value="2027-03-15" />);
    const next = host.querySelectorAll<HTMLElement>('.date-nav')[1];
    await act(async () => { next.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })); next.click(); });
    await settle();
    const prev = host.querySelectorAll<HTMLElement>('.date-nav')[0];
    await act(async () => { prev.click(); });
    await settle();
    expect(asked.map((u) => u.searchParams.get('month'))).toEqual(['2027-03', '2027-04']);
    expect(cell('2027-03-02').getAttribute('aria-label')).toContain('PKR\u00a041,000');
  });

  it('a failed load leaves every day pickable and says so in the legend', async () => {
    failNext = true;
    await show(<PricedPanel route={KHI_DXB} value="2027-03-15" />);
    expect(cell('2027-03-20').getAttribute('aria-disabled')).toBeNull();
    expect(cell('2027-03-20').getAttribute('aria-label')).toBe('Saturday, March 20, 2027');
    expect(host.querySelector('.price-legend-status')!.textContent).toBe('Prices are not available just now; every date can still be chosen.');
  });
});

describe('the strip above results', () => {
  it('asks the two months its seven days fall in, marks the searched day, and chooses another', async () => {
    const chosen: string[] = [];
    await show(<DateStrip query={{ flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: '2027-01-30', adults: '1', cabin_class: 'Y' }} onChoose={(d) => chosen.push(d)} />);
    expect(asked.map((u) => u.searchParams.get('month'))).toEqual(['2027-01', '2027-02']);
    const days = [...host.querySelectorAll<HTMLButtonElement>('.date-strip-day')];
    expect(days.map((b) => b.dataset.date)).toEqual(['2027-01-27', '2027-01-28', '2027-01-29', '2027-01-30', '2027-01-31', '2027-02-01', '2027-02-02']);
    expect(days[3].getAttribute('aria-current')).toBe('date');
    expect(days[3].getAttribute('aria-label')).toBe('Sat 30 Jan, PKR\u00a069,000, high price, searched');
    expect(days[5].getAttribute('aria-label')).toBe('Mon 1 Feb, PKR\u00a040,000, low price');
    await act(async () => days[5].click());
    expect(chosen).toEqual(['2027-02-01']);
  });

  it('days before today cannot be chosen and ask nothing of a past month', async () => {
    await show(<DateStrip query={{ flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: '2027-01-11', adults: '1', cabin_class: 'Y' }} onChoose={() => {}} />);
    expect(asked.map((u) => u.searchParams.get('month'))).toEqual(['2027-01']);
    const days = [...host.querySelectorAll<HTMLButtonElement>('.date-strip-day')];
    expect(days.map((b) => b.disabled)).toEqual([true, true, false, false, false, false, false]);
  });
});

describe('the return grid', () => {
  const cells = (): FlightGrid['cells'] => {
    const out: FlightGrid['cells'] = [];
    for (let d = 7; d <= 13; d++) for (let r = 14; r <= 20; r++) {
      out.push({ departure_date: `2027-03-${String(d).padStart(2, '0')}`, return_date: `2027-03-${r}`, price: { amount: `${90000 + d * 100 + r}.00`, currency: 'PKR' }, mark: d === 7 && r === 14 ? 'low' : 'typical' });
    }
    return out;
  };
  const grid: FlightGrid = { origin: 'KHI', destination: 'DXB', adults: 1, cabin_class: 'Y', cells: cells() };

  it('names each pairing with its price and chooses both dates', async () => {
    const chosen: [string, string][] = [];
    await show(<ReturnGrid grid={grid} depart="2027-03-10" ret="2027-03-17" busy={false} failed={false} onChoose={(d, r) => chosen.push([d, r])} />);
    const buttons = [...host.querySelectorAll<HTMLButtonElement>('.price-grid-cell')];
    expect(buttons).toHaveLength(49);
    expect(buttons[0].getAttribute('aria-label')).toBe('Departure Sun 7 Mar, return Sun 14 Mar, PKR\u00a090,714, low price');
    expect(buttons[0].textContent).toBe('90.7K↓');
    const here = host.querySelector<HTMLButtonElement>('.price-grid-cell[aria-current]')!;
    expect(here.getAttribute('aria-label')).toContain('Departure Wed 10 Mar, return Wed 17 Mar');
    await act(async () => buttons[0].click());
    expect(chosen).toEqual([['2027-03-07', '2027-03-14']]);
  });

  it('a return before its departure cannot be chosen', async () => {
    await show(<ReturnGrid grid={grid} depart="2027-03-10" ret="2027-03-10" busy={false} failed={false} onChoose={() => {}} />);
    const row = [...host.querySelectorAll('tbody tr')][6]; // departing on the 13th
    expect([...row.querySelectorAll<HTMLButtonElement>('button')].map((b) => b.disabled)).toEqual([true, true, true, true, true, true, true]);
  });
});
