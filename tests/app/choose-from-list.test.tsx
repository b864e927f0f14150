import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import { ChooseFromList } from '../../src/app/ChooseFromList';
import { findRoute, ROUTES, isScreen } from '../../src/app/routes';

/** A details page opened without saying which item: a sentence and a link to the list, in the reader's language. */
let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.use(initReactI18next).init({ resources: { en: { translation: en }, ar: { translation: ar } }, lng: 'en' });
});
async function render(list: string, lng: 'en' | 'ar') {
  await i18n.changeLanguage(lng);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}><Router ssrPath={list}><ChooseFromList list={list} /></Router></I18nextProvider>);
}

describe('a details page without its id', () => {
  it('says to choose one from the list, names the list and links to it, in English and Arabic', async () => {
    const html = await render('/admin/users', 'en');
    expect(html).toContain('Choose one in Users to see its details.');
    expect(html).toContain('href="/admin/users"');
    expect(await render('/admin/users', 'ar')).toContain(ar.users.title);
  });

  it('every details page says which list it comes from, and that list is a screen of the same area', () => {
    const details = ROUTES.filter(isScreen).filter((r) => r.detailOf);
    expect(details.length).toBeGreaterThanOrEqual(11);
    for (const r of details) {
      const list = findRoute(r.detailOf!.list).route;
      expect(isScreen(list) && list.layout === r.layout, `${r.path} → ${r.detailOf!.list}`).toBe(true);
    }
  });
});
