import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import { M } from '../../contract/fields';
import { initialContext, type FlightBookingContext } from '../../machines/flight-booking';
import { formForOffer, PASSPORTS_UNACKNOWLEDGED } from '../../machines/flight-passengers';
import { PassengersForm } from '../../src/features/flights/PassengersForm';
import { offerFixture } from '../machines/flight-booking-harness';

/**
 * The flight checkout's passenger form as the reader gets it, in both languages: no title or gender chosen for
 * the traveller, the titles of the chosen gender offered, the machine's messages under their fields in the
 * reader's language, and the passport warning with the box to tick.
 */
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ resources: { en: { translation: en }, ar: { translation: ar } }, lng: 'en', interpolation: { escapeValue: false } });
});

async function render(c: FlightBookingContext, lng: 'en' | 'ar') {
  await i18n.changeLanguage(lng);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}><PassengersForm context={c} email="" send={() => {}} /></I18nextProvider>);
}
const context = (patch: Partial<FlightBookingContext> = {}): FlightBookingContext => ({
  ...initialContext({ role: 'guest' }), offer: offerFixture, passengerForm: formForOffer(offerFixture, null), ...patch,
});
/** The options of a select, as [value, text, selected]. */
function options(html: string, name: string) {
  const select = new RegExp(`<select[^>]*name="${name.replace(/\./g, '\\.')}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]*)"([^>]*)>([^<]*)<\/option>/g)].map((m) => [m[1], m[3], /selected/.test(m[2])]);
}

describe('flight passenger form on screen', () => {
  it('offers every adult title with none chosen, and no gender chosen', async () => {
    const html = await render(context(), 'en');
    expect(options(html, 'travellers.0.title')).toEqual([['', 'Choose a title', true], ['Mr', 'Mr', false], ['Mrs', 'Mrs', false], ['Ms', 'Ms', false]]);
    expect(options(html, 'travellers.0.gender')[0]).toEqual(['', 'Choose', true]);
  });

  it('once a gender is chosen, offers only its titles, in the reader\'s language', async () => {
    const c = context();
    c.passengerForm!.travellers[0] = { ...c.passengerForm!.travellers[0], gender: 'F' };
    const html = await render(c, 'ar');
    expect(options(html, 'travellers.0.title').map(([v]) => v)).toEqual(['', 'Mrs', 'Ms']);
    expect(options(html, 'travellers.0.title')[0][1]).toBe('اختر اللقب');
  });

  it('shows the machine\'s messages under their fields in Arabic, and the passport warning with its box', async () => {
    const c = context({ fieldErrors: { 'travellers.0.title': M.title, passports_acknowledged: PASSPORTS_UNACKNOWLEDGED } });
    c.passengerForm!.travellers[0] = { ...c.passengerForm!.travellers[0], first_name: 'Sara', expiry_date: '2030-03-01' };
    const html = await render(c, 'ar');
    expect(html).toContain('اللقب مطلوب.');
    expect(html).toContain('data-testid="passport-warning"');
    expect(html).toContain('أكّد أنك تحققت من شروط جوازات السفر في كل دولة في الرحلة.');
    expect(html).toMatch(/<input type="checkbox"[^>]*name="passports_acknowledged"/);
  });
});
