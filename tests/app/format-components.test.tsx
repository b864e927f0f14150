import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import { DateText, Deadline, MoneyText, formatDate, formatMoney } from '../../src/ui/format';
import { CancellationPolicy } from '../../src/features/hotels/policy';

/**
 * The screens' money, days, moments and deadlines, rendered as the reader gets them in both languages: one shape of
 * money, days and moments by contract/format, deadlines naming their zone and the time left, set in their sentence.
 */
let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.use(initReactI18next).init({ resources: { en: { translation: en }, ar: { translation: ar } }, lng: 'en', interpolation: { escapeValue: false } });
});
afterEach(() => { vi.useRealTimers(); });

async function render(el: ReactElement, lng: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(lng);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{el}</I18nextProvider>);
}
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, '\'');

describe('money on screen', () => {
  it('one shape in both languages, isolated left to right', async () => {
    expect(await render(<MoneyText value={{ amount: '210554.00', currency: 'PKR' }} />)).toBe('<bdi class="money " dir="ltr">PKR 210,554</bdi>');
    expect(text(await render(<MoneyText value={{ amount: '39315.50', currency: 'PKR' }} />, 'ar'))).toBe('PKR 39,315.50');
    expect(text(await render(<MoneyText value={null} />))).toBe('—');
    // In a sentence the code and figure stay on one line; Arabic keeps the code before the figure by an isolate.
    expect(formatMoney({ amount: '-1500.00', currency: 'PKR' }, 'en')).toBe('-PKR\u00a01,500');
    expect(formatMoney({ amount: '-1500.00', currency: 'PKR' }, 'ar')).toBe('\u2066-PKR\u00a01,500\u2069');
  });
});

describe('days and moments on screen', () => {
  it('a date is its day; a stored instant is the rule zone’s day; a moment names its zone', async () => {
    expect(formatDate('2027-01-03', 'en')).toBe('3 Jan 2027');
    expect(formatDate('2027-01-03', 'en', false, true)).toBe('Sun 3 Jan 2027');
    expect(formatDate('2026-11-29T20:00:00.000Z', 'en')).toBe('30 Nov 2026');
    expect(formatDate('2026-11-29T10:12:00.000Z', 'en', true)).toBe('29 Nov 2026, 15:12 Pakistan Standard Time');
    expect(formatDate(null, 'en')).toBe('—');
    expect(await render(<DateText value="2026-11-29T10:12:00.000Z" time />, 'ar'))
      .toBe('<time dateTime="2026-11-29T10:12:00.000Z">29 نوفمبر 2026، 15:12 توقيت باكستان الرسمي</time>');
  });
});

describe('deadlines on screen', () => {
  it('says the rule’s zone and the time left, in its sentence, in both languages', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T14:00:00Z'), toFake: ['Date'] });
    const en1 = text(await render(<Deadline at="2026-11-29T19:00:00.000Z" sentence="bookings.details.voidOpen" />));
    expect(en1).toMatch(/^Can be voided until midnight at the end of 29 Nov 2026 Pakistan Standard Time \(.*in 5 hours\)\.$/);
    const ar1 = text(await render(<Deadline at="2026-11-29T19:00:00.000Z" sentence="bookings.details.voidOpen" />, 'ar'));
    expect(ar1).toMatch(/^يمكن الإبطال حتى منتصف الليل في نهاية 29 نوفمبر 2026 توقيت باكستان الرسمي \(.*خلال 5 ساعات\)\.$/);
    expect(ar1).not.toMatch(/[٠-٩]/);
    expect(text(await render(<Deadline at="2026-11-29T13:00:00.000Z" />))).toMatch(/passed\)$/);
    expect(await render(<Deadline at={null} />)).toBe('');
  });

  it('a hotel’s free cancellation is in the hotel’s zone, with the time left', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-18T11:00:00Z'), toFake: ['Date'] });
    const penalty = { amount: '12000.00', currency: 'PKR' };
    const policy = text(await render(<CancellationPolicy refundable until="2026-12-20T15:00:00" penalty={penalty} zone="Asia/Dubai" />));
    expect(policy).toMatch(/^Free cancellation until 20 Dec 2026, 15:00 Gulf Standard Time \(.*in 2 days\)\. /);
    expect(policy).toContain('PKR\u00a012,000');
    // Without the hotel's zone it still says whose time it is.
    expect(text(await render(<CancellationPolicy refundable until="2026-12-20T15:00:00" penalty={penalty} />)))
      .toMatch(/^Free cancellation until Sun 20 Dec 2026, 15:00, hotel time\. /);
    expect(text(await render(<CancellationPolicy refundable={false} until={null} penalty={penalty} />))).not.toContain('until');
  });
});
