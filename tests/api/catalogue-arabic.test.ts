/**
 * The catalogue's Arabic texts: visas, holidays and umrah packages keep an Arabic description (and requirements,
 * inclusions, destination, hotel and city names) beside the English, sanitised the same way. The public read answers
 * both, whatever the reader's language: the app shows the Arabic on Arabic pages when there is some.
 */
import { describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { expectHarmless, XSS_CORPUS } from '../support/catalogue';

const api = await setupApi();
const admin = await api.as('admin');

const visa = (over: Record<string, unknown> = {}) => ({
  country_code: 'AE', title: 'Dubai Tourist Visa', title_ar: 'تأشيرة دبي السياحية', price: '32500', description: '<p>Single entry</p>', requirements: '<ul><li>Passport</li></ul>',
  description_ar: '<p>دخول <strong>واحد</strong></p>', requirements_ar: '<ul><li>جواز سفر</li></ul>', ...over,
});
const holiday = (over: Record<string, unknown> = {}) => ({
  title: 'Dubai Delight', title_ar: 'متعة دبي', destination: 'Dubai', destination_ar: 'دبي', nights: 4, days: 5, price: '189000',
  inclusions: '<ul><li>Flights</li></ul>', description: '<p>Desert safari</p>', inclusions_ar: '<ul><li>الطيران</li></ul>', description_ar: '<p>سفاري صحراوية</p>', ...over,
});
const umrah = (over: Record<string, unknown> = {}) => ({
  title: 'Economy Umrah', title_ar: 'عمرة اقتصادية', days: 15, makkah_hotel: 'Al Kiswah Towers', makkah_hotel_ar: 'أبراج الكسوة', makkah_nights: 8,
  madinah_hotel: 'Dar Al Eiman Al Haram', madinah_hotel_ar: 'دار الإيمان الحرم', madinah_nights: 6, departure_city: 'Karachi', departure_city_ar: 'كراتشي',
  price_quad: '265000', description: '<p>Visa and flights</p>', description_ar: '<p>التأشيرة والطيران</p>', ...over,
});

/** The same public item read on an English page and on an Arabic one. */
async function readBoth(path: string) {
  const c = api.client();
  const read = (lang: string) => c.request('GET', path, undefined, { 'accept-language': lang });
  const [en, ar] = [await read('en'), await read('ar')];
  expect(en.status).toBe(200);
  expect(ar.body).toEqual(en.body);
  return en.body.data;
}
const post = async (c: TestClient, path: string, body: unknown) => {
  const res = await c.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};

describe('visas in Arabic', () => {
  it('keeps the Arabic description and requirements, and answers them to every reader', async () => {
    const v = await post(admin, '/api/visas', visa());
    expect(v).toMatchObject({ description_ar: '<p>دخول <strong>واحد</strong></p>', requirements_ar: '<ul><li>جواز سفر</li></ul>', description: '<p>Single entry</p>' });
    expect(await readBoth(`/api/visas/${v.id}`)).toMatchObject({ title_ar: 'تأشيرة دبي السياحية', description_ar: v.description_ar, requirements_ar: v.requirements_ar });
    const list = await api.client().request('GET', '/api/visas?per_page=100', undefined, { 'accept-language': 'ar' });
    expect(list.body.data.find((x: { id: number }) => x.id === v.id)).toMatchObject({ description_ar: v.description_ar });
  });

  it('updates the Arabic alone (PUT the whole visa, PATCH a part) and empties it', async () => {
    const v = await post(admin, '/api/visas', visa());
    const put = await admin.put(`/api/visas/${v.id}`, visa({ description_ar: '<p>وصف جديد</p>' }));
    expect(put.body.data).toMatchObject({ description_ar: '<p>وصف جديد</p>', requirements_ar: v.requirements_ar, description: v.description });
    const patch = await admin.patch(`/api/visas/${v.id}`, { requirements_ar: '<p><br></p>' });
    expect(patch.body.data).toMatchObject({ requirements_ar: '', description_ar: '<p>وصف جديد</p>' });
    expect((await admin.patch(`/api/visas/${v.id}`, { description_ar: null })).body.data.description_ar).toBe('');
  });

  it('leaves the Arabic empty when it is not sent', async () => {
    const v = await post(admin, '/api/visas', visa({ description_ar: undefined, requirements_ar: undefined }));
    expect(v).toMatchObject({ description_ar: '', requirements_ar: '' });
  });

  it('sanitises the Arabic as it does the English', async () => {
    const v = await post(admin, '/api/visas', visa({ description_ar: `<p>اتصل <a href="tel:+923001234567">بنا</a></p>${XSS_CORPUS.join('\n')}`, requirements_ar: XSS_CORPUS.join('') }));
    const shown = await readBoth(`/api/visas/${v.id}`);
    expectHarmless(shown.description_ar);
    expectHarmless(shown.requirements_ar);
    expect(shown.description_ar).toContain('<a href="tel:+923001234567">بنا</a>');
  });

  it.each([
    ['description_ar', { description_ar: 'x'.repeat(50_001) }, 'The Arabic description is too long.'],
    ['requirements_ar', { requirements_ar: 5 }, 'The Arabic requirements must be text.'],
  ])('refuses a bad %s', async (field, over, message) => {
    const res = await admin.post('/api/visas', visa(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('finds a visa by its Arabic title', async () => {
    const v = await post(admin, '/api/visas', visa({ title_ar: 'تأشيرة واحة نادرة' }));
    const found = await api.client().get('/api/visas', { q: 'واحة نادرة' });
    expect(found.body.data.map((x: { id: number }) => x.id)).toEqual([v.id]);
  });
});

describe('holidays in Arabic', () => {
  it('keeps the Arabic destination, inclusions and description through create and update', async () => {
    const h = await post(admin, '/api/holidays', holiday());
    expect(h).toMatchObject({ destination_ar: 'دبي', inclusions_ar: '<ul><li>الطيران</li></ul>', description_ar: '<p>سفاري صحراوية</p>' });
    const put = await admin.put(`/api/holidays/${h.id}`, holiday({ destination_ar: '  دبي والشارقة ', inclusions_ar: '' }));
    expect(put.body.data).toMatchObject({ destination_ar: 'دبي والشارقة', inclusions_ar: '', description_ar: '<p>سفاري صحراوية</p>' });
    expect(await readBoth(`/api/holidays/${h.id}`)).toMatchObject({ destination: 'Dubai', destination_ar: 'دبي والشارقة', description_ar: '<p>سفاري صحراوية</p>' });
    expect((await admin.put(`/api/holidays/${h.id}`, holiday({ destination_ar: '' }))).body.data.destination_ar).toBeNull();
  });

  it('sanitises the Arabic inclusions and description', async () => {
    const h = await post(admin, '/api/holidays', holiday({ inclusions_ar: XSS_CORPUS.join(''), description_ar: XSS_CORPUS.join('') }));
    expectHarmless(h.inclusions_ar);
    expectHarmless(h.description_ar);
  });

  it.each([
    ['destination_ar', { destination_ar: 'د'.repeat(121) }, 'The Arabic destination may not be greater than 120 characters.'],
    ['inclusions_ar', { inclusions_ar: 'x'.repeat(50_001) }, 'The Arabic inclusions is too long.'],
  ])('refuses a bad %s', async (field, over, message) => {
    const res = await admin.post('/api/holidays', holiday(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });
});

describe('umrah packages in Arabic', () => {
  it('keeps the Arabic hotel names, city and description; PATCH changes only what is sent', async () => {
    const p = await post(admin, '/api/umrah-packages', umrah());
    expect(p).toMatchObject({ makkah_hotel_ar: 'أبراج الكسوة', madinah_hotel_ar: 'دار الإيمان الحرم', departure_city_ar: 'كراتشي', description_ar: '<p>التأشيرة والطيران</p>' });
    const patch = await admin.patch(`/api/umrah-packages/${p.id}`, { madinah_hotel_ar: 'فندق الحرم', description_ar: '<p>فنادق قريبة من <em>الحرم</em></p>' });
    expect(patch.status).toBe(200);
    expect(await readBoth(`/api/umrah-packages/${p.id}`)).toMatchObject({
      makkah_hotel: 'Al Kiswah Towers', makkah_hotel_ar: 'أبراج الكسوة', madinah_hotel_ar: 'فندق الحرم', departure_city_ar: 'كراتشي',
      description: '<p>Visa and flights</p>', description_ar: '<p>فنادق قريبة من <em>الحرم</em></p>',
    });
  });

  it('stores an Arabic name left empty as none', async () => {
    const p = await post(admin, '/api/umrah-packages', umrah({ makkah_hotel_ar: ' ', departure_city_ar: null, description_ar: '' }));
    expect(p).toMatchObject({ makkah_hotel_ar: null, departure_city_ar: null, description_ar: '' });
  });

  it('sanitises the Arabic description', async () => {
    expectHarmless((await post(admin, '/api/umrah-packages', umrah({ description_ar: XSS_CORPUS.join('') }))).description_ar);
  });

  it.each([
    ['makkah_hotel_ar', { makkah_hotel_ar: 'ف'.repeat(121) }, 'The Arabic Makkah hotel may not be greater than 120 characters.'],
    ['madinah_hotel_ar', { madinah_hotel_ar: 7 }, 'The Arabic Madinah hotel must be text.'],
    ['departure_city_ar', { departure_city_ar: 'ك'.repeat(81) }, 'The Arabic departure city may not be greater than 80 characters.'],
    ['description_ar', { description_ar: 'x'.repeat(50_001) }, 'The Arabic description is too long.'],
  ])('refuses a bad %s', async (field, over, message) => {
    const res = await admin.post('/api/umrah-packages', umrah(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });
});
