import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ReaderRich, ReaderText } from '../../src/features/public/catalogue/localized';
import { formCells, RESOURCES } from '../../src/features/catalogue/resources';

/**
 * A catalogue item's own texts on the public pages: the Arabic on Arabic pages when there is some, else the English,
 * marked as English so it reads left to right inside the right-to-left page. English pages show the English.
 */
let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.use(initReactI18next).init({ resources: { en: { translation: {} }, ar: { translation: {} } }, lng: 'en' });
});
async function render(el: ReactElement, lng: 'en' | 'ar') {
  await i18n.changeLanguage(lng);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{el}</I18nextProvider>);
}

describe('an item text in the reader’s language', () => {
  it('plain text: the Arabic on Arabic pages, the English marked where there is none', async () => {
    expect(await render(<ReaderText en="Al Haram Hotel" ar="فندق الحرم" />, 'ar')).toBe('فندق الحرم');
    expect(await render(<ReaderText en="Al Haram Hotel" ar="فندق الحرم" />, 'en')).toBe('Al Haram Hotel');
    expect(await render(<ReaderText en="Al Haram Hotel" ar={null} />, 'ar')).toBe('<span lang="en" dir="ltr">Al Haram Hotel</span>');
    expect(await render(<ReaderText en="Al Haram Hotel" ar="  " />, 'ar')).toBe('<span lang="en" dir="ltr">Al Haram Hotel</span>');
  });

  it('rich text: the same choice; nothing when the chosen text is empty', async () => {
    expect(await render(<ReaderRich en="<p>Visa</p>" ar="<p>التأشيرة</p>" />, 'ar')).toBe('<div class="rich-view ql-editor " dir="auto"><p>التأشيرة</p></div>');
    expect(await render(<ReaderRich en="<p>Visa</p>" ar="" />, 'ar')).toBe('<div class="rich-view ql-editor " lang="en" dir="ltr"><p>Visa</p></div>');
    expect(await render(<ReaderRich en="<p>Visa</p>" ar="<p>التأشيرة</p>" />, 'en')).toBe('<div class="rich-view ql-editor " dir="auto"><p>Visa</p></div>');
    expect(await render(<ReaderRich en="" ar="" />, 'ar')).toBe('');
  });
});

describe('the admin form’s cells', () => {
  it('puts each rich text beside its Arabic, and every other field in a cell of its own', () => {
    const names = (key: string) => formCells(RESOURCES[key].fields).map((cell) => cell.map((f) => f.name).join('+'));
    expect(names('visas')).toEqual(expect.arrayContaining(['title', 'title_ar', 'description+description_ar', 'requirements+requirements_ar']));
    expect(names('holidays')).toEqual(expect.arrayContaining(['destination', 'destination_ar', 'inclusions+inclusions_ar', 'description+description_ar']));
    expect(names('umrah')).toEqual(expect.arrayContaining(['makkah_hotel', 'makkah_hotel_ar', 'description+description_ar']));
    expect(names('insurance')).toContain('description');
  });
});
