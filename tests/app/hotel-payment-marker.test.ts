import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isHotelPayment, rememberHotelPayment } from '../../src/features/hotels/payment-marker';

/** The tab's note of its hotel checkouts, which sends /payment-result straight to the hotel's result. */
const store = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => { store.set(k, v); },
  removeItem: (k: string) => { store.delete(k); },
});

beforeEach(() => store.clear());

describe('hotel payment marker', () => {
  it('knows the trackers it was told, and no other', () => {
    rememberHotelPayment('trk_a');
    expect(isHotelPayment('trk_a')).toBe(true);
    expect(isHotelPayment('trk_b')).toBe(false);
    expect(isHotelPayment('')).toBe(false);
  });

  it('keeps a tracker however often it is read (a reload, a second reader)', () => {
    rememberHotelPayment('trk_a');
    for (let i = 0; i < 3; i++) expect(isHotelPayment('trk_a')).toBe(true);
  });

  it('keeps the five newest checkouts, a tracker told again counting as new', () => {
    for (const t of ['1', '2', '3', '4', '5']) rememberHotelPayment(`trk_${t}`);
    rememberHotelPayment('trk_1');
    rememberHotelPayment('trk_6');
    expect(['1', '2', '3', '4', '5', '6'].filter((t) => isHotelPayment(`trk_${t}`))).toEqual(['1', '3', '4', '5', '6']);
  });

  it('ignores an empty tracker, and a note it cannot read', () => {
    rememberHotelPayment(null);
    rememberHotelPayment(undefined);
    expect(store.size).toBe(0);
    store.set('hotel_payments', '{not json');
    expect(isHotelPayment('trk_a')).toBe(false);
    rememberHotelPayment('trk_a');
    expect(isHotelPayment('trk_a')).toBe(true);
  });
});
