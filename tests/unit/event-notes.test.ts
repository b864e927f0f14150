import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { decodeEventNote, encodeEventNote } from '../../contract/event-notes';
import { historyActor, historyNotes } from '../../src/features/bookings/history-note';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: en }, ar: { translation: ar } }, lng: 'en', interpolation: { escapeValue: false } });
const strip = (s: string) => s.replace(/[\u2066-\u2069]/g, '');

describe('booking history notes', () => {
  it('are stored as data and read back; a person\'s text and an older note read as text', () => {
    const stored = encodeEventNote({ key: 'void_refund', params: { refund_minor: 4_949_300, charge_minor: 150_000, currency: 'PKR' } }, 'Asked by phone');
    expect(decodeEventNote(stored)).toEqual({ say: { key: 'void_refund', params: { refund_minor: 4_949_300, charge_minor: 150_000, currency: 'PKR' } }, note: 'Asked by phone' });
    expect(decodeEventNote('Refund PKR 100.00, void charge PKR 0.00')).toEqual({ say: null, note: 'Refund PKR 100.00, void charge PKR 0.00' });
    expect(decodeEventNote(null)).toEqual({ say: null, note: null });
    expect(decodeEventNote('{"key":"unknown","params":{}}')).toEqual({ say: null, note: null });
  });

  it('are worded in the reader\'s language with money and times through the shared formatters, values isolated', () => {
    const e = decodeEventNote(encodeEventNote({ key: 'refund_quote', params: { paid_minor: 3_831_900, penalty_minor: 1_000_000, charge_minor: 150_000, refund_minor: 2_681_900, currency: 'PKR' } }, null));
    const t = i18n.getFixedT('en');
    expect(historyNotes(e, t, 'en').map(strip)).toEqual(['Quoted: paid PKR 38,319, airline penalty PKR 10,000, service charge PKR 1,500, refund PKR 26,819']);
    const [line] = historyNotes(e, i18n.getFixedT('ar'), 'ar');
    expect(line).toContain('\u2068PKR 38,319\u2069');
    expect(line).toMatch(/[\u0600-\u06FF]/);
    const moved = decodeEventNote(encodeEventNote({ key: 'reissued', params: { route: 'KHI-DXB', from_local: '2027-01-03T09:55:00+05:00', to_local: '2027-01-10T14:00:00+05:00', total_minor: 900_000, difference_minor: 500_000, fee_minor: 300_000, charge_minor: 100_000, currency: 'PKR', ref: 'ABC123' } }, 'Meeting moved'));
    expect(historyNotes(moved, t, 'en').map(strip)).toEqual(['Moved from Sun 3 Jan 2027, 09:55 to Sun 10 Jan 2027, 14:00 (KHI-DXB); PKR 9,000 paid: fare difference PKR 5,000, change fee PKR 3,000, service charge PKR 1,000', 'Meeting moved']);
  });

  it("a provider's reference is for staff only; who acted is said in words", () => {
    const paid = decodeEventNote(encodeEventNote({ key: 'paid_card', params: { ref: 'sbx_228408b9780cb15a' } }));
    const t = i18n.getFixedT('en');
    expect(historyNotes(paid, t, 'en')).toEqual(['Paid by card']);
    expect(historyNotes(paid, t, 'en', { technical: true }).map(strip)).toEqual(['Paid by card (sbx_228408b9780cb15a)']);
    expect(historyActor('payment', t)).toBe('Payment provider');
    expect(historyActor('reservation', t)).toBe('Reservations');
    expect(historyActor('guest', i18n.getFixedT('ar'))).toBe('زائر');
  });
});
