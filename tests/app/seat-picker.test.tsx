// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import en from '../../locales/en.json';
import { initI18n, setLanguage } from '../../src/i18n';
import type { SeatMap, SeatElement } from '../../contract/seat-maps';
import type { BagOption, ExtrasInput } from '../../contract/flight-extras';
import type { FlightOfferDetail } from '../../contract/flights';
import type { Money } from '../../contract/money';
import { SeatMapGrid } from '../../src/features/extras/SeatMapGrid';
import { CheckoutExtras } from '../../src/features/extras/CheckoutExtras';

/**
 * The seat picker on screen (jsdom): every seat is a button named with its designator, what it is like and its
 * price; a taken seat is announced and cannot be chosen; the arrow keys walk the cabin, mirrored in Arabic; and at
 * checkout a chosen seat and bag go back to the booking with their total.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SEG = 'PK301-2027-01-15';
const money = (amount: string) => ({ amount, currency: 'PKR' });
const seat = (designator: string, over: Partial<SeatElement> = {}): SeatElement => ({ type: 'seat', designator, available: true, price: money('0.00'), characteristics: [], ...over });
const MAP: SeatMap = {
  segment_id: SEG, flight_number: 'PK301', departure_date: '2027-01-15', aircraft: { code: '320', name: 'Airbus A320' },
  cabins: [{ cabin_class: 'Y', deck: 0, aisles: 1, wings: { first_row_index: 3, last_row_index: 3 }, rows: [
    { number: null, sections: [{ elements: [{ type: 'galley' }] }, { elements: [{ type: 'lavatory' }] }] },
    { number: 1, sections: [{ elements: [seat('1A', { characteristics: ['window'] }), seat('1B', { characteristics: ['aisle'] })] }, { elements: [seat('1C', { available: false, price: null, characteristics: ['aisle'] }), seat('1D', { characteristics: ['window'] })] }] },
    { number: null, sections: [{ elements: [{ type: 'exit_row' }] }, { elements: [{ type: 'exit_row' }] }] },
    { number: 14, sections: [{ elements: [seat('14A', { price: money('2500.00'), characteristics: ['window', 'extra_legroom', 'exit_row'] }), seat('14B')] }, { elements: [seat('14C'), seat('14D')] }] },
  ] }],
};
const BAG: BagOption = { id: 'bag23', segment_id: SEG, weight_kg: 23, maximum_quantity: 2, price: money('4000.00') };

let root: Root | null = null;
let host: HTMLElement;
const asked: string[] = [];
beforeAll(async () => { await initI18n('en', en); });
beforeEach(async () => {
  asked.length = 0;
  await act(() => setLanguage('en'));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
    if (url.pathname === '/sanctum/csrf-cookie') return Response.json({});
    asked.push(url.pathname);
    if (url.pathname.endsWith('/seat-map')) return Response.json({ data: [MAP] });
    if (url.pathname.endsWith('/services')) return Response.json({ data: { bags: [BAG] } });
    return Response.json({ message: 'not found' }, { status: 404 });
  });
  host = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  vi.unstubAllGlobals();
});
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
const seatButton = (d: string) => host.querySelector<HTMLButtonElement>(`button[data-seat="${d}"]`)!;
const key = (el: HTMLElement, k: string) => act(() => { el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); });

function renderGrid(onSeat = vi.fn(), chosen: string | null = null) {
  root = createRoot(host);
  act(() => root!.render(<SeatMapGrid cabin={MAP.cabins[0]} chosen={chosen} others={{ '14D': 'SARA KHAN' }} onSeat={onSeat} label="Seat map" />));
  return onSeat;
}

describe('seat map grid', () => {
  it('names each seat with its designator, traits and price; taken and others’ seats say so and cannot be chosen', () => {
    const onSeat = renderGrid();
    expect(host.querySelector('[role="grid"]')?.getAttribute('aria-label')).toBe('Seat map');
    expect(seatButton('14A').getAttribute('aria-label')).toBe('Seat 14A, window, extra legroom, exit row, PKR\u00a02,500');
    expect(seatButton('1A').getAttribute('aria-label')).toBe('Seat 1A, window, free');
    expect(seatButton('1C').getAttribute('aria-label')).toBe('Seat 1C, taken');
    expect(seatButton('1C').getAttribute('aria-disabled')).toBe('true');
    expect(seatButton('14D').getAttribute('aria-label')).toBe('Seat 14D, chosen for SARA KHAN');
    act(() => seatButton('1C').click());
    act(() => seatButton('14D').click());
    act(() => seatButton('1B').click());
    expect(onSeat.mock.calls).toEqual([['1B']]);
    expect(host.textContent).toContain('Galley');
    expect(host.textContent).toContain('Lavatory');
    expect(host.textContent).toContain('Exit');
  });

  it('one seat takes Tab; the arrow keys walk rows and columns, Home and End go to the row’s ends', () => {
    renderGrid(vi.fn(), '14B');
    expect([...host.querySelectorAll('button[tabindex="0"]')].map((b) => b.getAttribute('data-seat'))).toEqual(['14B']);
    const b = seatButton('14B');
    act(() => b.focus());
    key(b, 'ArrowRight');
    expect(document.activeElement).toBe(seatButton('14C'));
    key(seatButton('14C'), 'ArrowUp');
    expect(document.activeElement).toBe(seatButton('1C')); // a taken seat is reached and heard
    key(seatButton('1C'), 'Home');
    expect(document.activeElement).toBe(seatButton('1A'));
    key(seatButton('1A'), 'End');
    expect(document.activeElement).toBe(seatButton('1D'));
    expect(seatButton('1D').tabIndex).toBe(0);
  });

  it('in Arabic the cabin is mirrored: ArrowRight goes toward the row’s start', async () => {
    const ar = (await import('../../locales/ar.json')).default;
    const { i18n } = await import('../../src/i18n');
    i18n.addResourceBundle('ar', 'translation', ar, true, true);
    await act(() => setLanguage('ar'));
    renderGrid(vi.fn(), '14C');
    key(seatButton('14C'), 'ArrowRight');
    expect(document.activeElement).toBe(seatButton('14B'));
    key(seatButton('14B'), 'ArrowLeft');
    expect(document.activeElement).toBe(seatButton('14C'));
    expect(seatButton('1A').getAttribute('aria-label')).toContain('المقعد');
  });
});

describe('seats and bags at checkout', () => {
  it('loads the offer’s maps and bags, takes a seat and a bag and hands them back with the total', async () => {
    const chosen: [ExtrasInput, Money][] = [];
    const offer = { id: 'OFF1', journeys: [{ segments: [{ flight_number: 'PK301', departure_at: '2027-01-15T09:00:00+05:00', origin: { code: 'KHI' }, destination: { code: 'DXB' } }] }] } as unknown as FlightOfferDetail;
    root = createRoot(host);
    await act(async () => root!.render(<CheckoutExtras offer={offer} passengers={[{ type: 'ADT', name: 'ALI KHAN' }, { type: 'INF', name: 'ZAIN KHAN' }]} initial={null}
      onChosen={(x, total) => chosen.push([x, total])} onSkip={() => {}} />));
    await settle();
    expect(asked.sort()).toEqual(['/api/offers/OFF1/seat-map', '/api/offers/OFF1/services']);
    act(() => seatButton('14A').click());
    expect(seatButton('14A').getAttribute('aria-pressed')).toBe('true');
    const select = host.querySelector<HTMLSelectElement>('#bag-0-bag23')!;
    expect(host.querySelector('#bag-1-bag23')).toBeNull(); // an infant on a lap has no bag
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, '1');
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(host.querySelector('[data-testid="extras-total"]')?.textContent).toContain('6,500');
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="extras-pax-1"]')!.click());
    act(() => seatButton('1A').click());
    expect(host.querySelector('[data-testid="extras-refusal"]')?.textContent).toBe('An infant travels on a lap and has no seat of their own.');
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="extras-done"]')!.click());
    expect(chosen).toEqual([[
      { seats: [{ passenger: 0, segment_id: SEG, designator: '14A' }], bags: [{ passenger: 0, segment_id: SEG, service_id: 'bag23', quantity: 1 }] },
      money('6500.00'),
    ]]);
  });
});
