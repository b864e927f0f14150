import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { StatementRow } from '../../contract/ledger';
import { RESOURCES, type Row } from '../../src/features/catalogue/resources';
import { PackagePlace, UmrahHotels } from '../../src/features/package-bookings/place';
import { useLedgerWords } from '../../src/features/agents/ledger-words';
import { localeDateFormat } from '../../src/components/date-picker/rules';
import { ariaLocale } from '../../src/ui/aria-locale';

/**
 * Names in the reader's language where the app holds them in both: the catalogue's admin lists, a package booking's
 * place and hotels, a hotel line of the agent's statement (and so its CSV). English shown on an Arabic page is
 * marked as English. Dates are typed in the order the page's locale writes them.
 */
let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: { translation: { catalogue: { fields: { makkah_hotel: 'Makkah hotel', madinah_hotel: 'Madinah hotel' } }, ledger: { words: { hotel: 'Hotel {{hotel}}, {{reference}}' } } } },
      ar: { translation: { catalogue: { fields: { makkah_hotel: 'فندق مكة', madinah_hotel: 'فندق المدينة' } }, ledger: { words: { hotel: 'فندق {{hotel}}، {{reference}}' } } } },
    },
    interpolation: { escapeValue: false },
  });
});
async function render(el: ReactElement, lng: 'en' | 'ar') {
  await i18n.changeLanguage(lng);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{el}</I18nextProvider>);
}
const cell = (resource: string, key: string, row: Row) => RESOURCES[resource].columns(i18n.t).find((c) => c.key === key)!.render(row) as ReactElement;
const EN = '<span lang="en" dir="ltr">';

describe('the catalogue admin lists', () => {
  const holiday: Row = { id: 1, title: 'Baku Getaway', title_ar: 'عطلة باكو', destination: 'Baku', destination_ar: null };
  const umrah: Row = { id: 2, title: 'Economy Umrah', title_ar: '', makkah_hotel: 'Al Kiswah', makkah_hotel_ar: 'الكسوة', madinah_hotel: 'Dar Al Eiman', madinah_hotel_ar: null };

  it('show the Arabic title on Arabic pages where there is one, else the English marked as English', async () => {
    expect(await render(cell('holidays', 'title', holiday), 'ar')).toBe('عطلة باكو');
    expect(await render(cell('holidays', 'title', holiday), 'en')).toBe('Baku Getaway');
    expect(await render(cell('holidays', 'destination', holiday), 'ar')).toBe(`${EN}Baku</span>`);
    expect(await render(cell('umrah', 'title', umrah), 'ar')).toBe(`${EN}Economy Umrah</span>`);
    expect(await render(cell('umrah', 'hotels', umrah), 'ar')).toBe(`الكسوة · ${EN}Dar Al Eiman</span>`);
    expect(await render(cell('visas', 'title', { id: 3, title: 'UAE visa', title_ar: 'تأشيرة الإمارات' }), 'ar')).toBe('تأشيرة الإمارات');
    expect(await render(cell('insurance', 'name', { id: 4, name: 'Schengen', name_ar: 'شنغن' }), 'ar')).toBe('شنغن');
  });
});

describe('a package booking\'s place and hotels', () => {
  it('in the reader\'s language; a booking made before the Arabic was kept reads the English, marked', async () => {
    expect(await render(<PackagePlace item={{ place: 'Baku', place_ar: 'باكو' }} />, 'ar')).toBe('باكو');
    expect(await render(<PackagePlace item={{ place: 'Baku', place_ar: 'باكو' }} />, 'en')).toBe('Baku');
    expect(await render(<PackagePlace item={{ place: 'Baku' }} />, 'ar')).toBe(`${EN}Baku</span>`);
    expect(await render(<PackagePlace item={{ place: '', place_ar: null }} />, 'ar')).toBe('—');
    const hotels = { makkah: 'Al Kiswah', makkah_ar: 'الكسوة', madinah: 'Dar Al Eiman', madinah_ar: null };
    expect(await render(<UmrahHotels hotels={hotels} />, 'ar')).toBe(`<span class="pk-hotel"><span class="pk-hotel-city">فندق مكة</span>الكسوة</span><span class="pk-hotel"><span class="pk-hotel-city">فندق المدينة</span>${EN}Dar Al Eiman</span></span>`);
  });
});

describe('a hotel line of the agent\'s statement', () => {
  const row: Pick<StatementRow, 'type' | 'description' | 'subject'> = {
    type: 'booking', description: 'Hotel booking HB-1',
    subject: { kind: 'hotel', reference: 'HB-1', hotel: 'Grand Hotel', hotel_ar: 'فندق غراند', city: 'Makkah', city_ar: 'مكة المكرمة', check_in: '2026-12-01', check_out: '2026-12-03' },
  };
  function Words({ r }: { r: typeof row }) { return <>{useLedgerWords()(r)}</>; }

  it('names the hotel in Arabic where the supplier gives one, else as booked', async () => {
    expect(await render(<Words r={row} />, 'ar')).toContain('فندق فندق غراند');
    expect(await render(<Words r={row} />, 'en')).toContain('Hotel Grand Hotel');
    expect(await render(<Words r={{ ...row, subject: { ...row.subject!, hotel_ar: null } as StatementRow['subject'] }} />, 'ar')).toContain('Grand Hotel');
  });
});

describe('a typed date\'s order', () => {
  it('follows the page\'s locale: month first in English, day first in Arabic', () => {
    expect(localeDateFormat(ariaLocale('en'))).toBe('mm/dd/yyyy');
    expect(localeDateFormat(ariaLocale('ar'))).toBe('dd/mm/yyyy');
    expect(localeDateFormat('sv-SE')).toBe('yyyy-mm-dd');
  });
});
