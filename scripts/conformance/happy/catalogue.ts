/**
 * The catalogue: each resource created twice, changed through every update call (PUT and PATCH, the id in the path
 * and in the query), then both deleted (by path and by query); header images and a promo banner added and removed.
 * Everything is made unpublished and inactive, so no visitor sees it meanwhile.
 */
import type { Happy } from './runner';
import { removeUploads, upload } from './files';

interface Resource {
  path: string;
  /** A valid input; `n` tells the two records apart where a code must be unique. */
  input: (h: Happy, n: number) => Record<string, unknown>;
  /** The fields a PATCH changes. */
  patch: (h: Happy) => Record<string, unknown>;
}

const titled = (h: Happy) => ({ title: h.name('renamed') });

const RESOURCES: Resource[] = [
  {
    path: 'visas', patch: titled,
    input: (h) => ({ country_code: 'AE', title: h.name('Visa'), visa_type: 'tourist', price: '15000.00', processing_days: 4, validity_days: 58, stay_days: 30, entry: 'single', description: '<p>Conformance</p>', requirements: '<p>Passport</p>', is_published: false }),
  },
  {
    path: 'holidays', patch: titled,
    input: (h) => ({ title: h.name('Holiday'), destination: 'Dubai', country_code: 'AE', nights: 3, days: 4, price: '90000', description: '<p>Conformance</p>', is_published: false }),
  },
  {
    path: 'umrah-packages', patch: titled,
    input: (h) => ({ title: h.name('Umrah'), days: 15, makkah_hotel: 'Conformance Makkah', makkah_nights: 8, madinah_hotel: 'Conformance Madinah', madinah_nights: 6, price_quad: '265000', is_published: false }),
  },
  {
    path: 'group-tickets', patch: () => ({ notes: 'Conformance: changed' }),
    input: (h) => ({ airline_code: 'PK', flight_number: '799', origin: 'KHI', destination: 'JED', departure_date: h.day(40), departure_time: '04:30', arrival_time: '07:15', seats_total: 5, price: '185000', notes: h.name('Group ticket'), is_published: false }),
  },
  {
    path: 'aircrafts', patch: (h) => ({ name: h.name('renamed') }),
    input: (h, n) => ({ code: `${h.run.slice(0, 3)}${n}`, name: h.name('Aircraft'), manufacturer: 'Conformance', seats: 180 }),
  },
  {
    path: 'suppliers', patch: (h) => ({ name: h.name('renamed') }),
    input: (h, n) => ({ code: `conformance-${h.run.toLowerCase()}-${n}`, name: h.name('Supplier'), kind: 'other', is_active: false }),
  },
  {
    path: 'insurance-plans', patch: (h) => ({ name: h.name('renamed') }),
    input: (h) => ({ name: h.name('Plan'), coverage: '50000', coverage_currency: 'USD', daily_rate: '100', min_premium: '1000', regions: ['asia'], max_days: 30, max_age: 70, benefits: ['Medical'], is_published: false }),
  },
];

/** A valid, published catalogue item's input (a visa, an insurance plan...) for a scenario that sells it. */
export function published(h: Happy, path: string): Record<string, unknown> {
  const r = RESOURCES.find((x) => x.path === path);
  if (!r) throw new Error(`no catalogue resource ${path}`);
  return { ...r.input(h, 0), is_published: true };
}

async function crud(h: Happy, r: Resource) {
  const base = `/api/${r.path}`;
  const input = r.input(h, 0);
  const first = await h.data<{ id: number }>('admin', `POST ${base}`, input);
  let second: { id: number } | undefined;
  try {
    second = await h.data<{ id: number }>('admin', `POST ${base}`, r.input(h, 1));
    await h.write('admin', `PUT ${base}/{id}`, input, { id: first.id });
    await h.write('admin', `PATCH ${base}/{id}`, r.patch(h), { id: first.id });
    await h.write('admin', `PUT ${base}`, input, { id: first.id });
    await h.write('admin', `PATCH ${base}`, r.patch(h), { id: first.id });
  } finally {
    await h.write('admin', `DELETE ${base}/{id}`, undefined, { id: first.id });
    if (second) await h.write('admin', `DELETE ${base}`, undefined, { id: second.id });
  }
}

export async function catalogueResources(h: Happy) {
  for (const r of RESOURCES) await h.scenario(`the ${r.path} catalogue`, () => crud(h, r));
}

export async function headerImages(h: Happy) {
  const files: string[] = [];
  try {
    for (const kind of ['visa', 'holiday', 'umrah']) {
      const images = [await upload(h, 'admin', 'catalogue'), await upload(h, 'admin', 'catalogue')];
      files.push(...images);
      const added = await h.data<{ id: number; file_name: string }[]>('admin', `POST /api/${kind}-header-images`, { images });
      const mine = added.filter((x) => images.includes(x.file_name));
      if (mine[0]) await h.write('admin', `DELETE /api/${kind}-header-images/{id}`, undefined, { id: mine[0].id });
      if (mine[1]) await h.write('admin', `DELETE /api/${kind}-header-images`, undefined, { id: mine[1].id });
    }
  } finally {
    await removeUploads(h, 'admin', files);
  }
}

export async function promoImages(h: Happy) {
  const file = await upload(h, 'admin', 'catalogue');
  try {
    const banner = { file_name: file, title: h.name('Banner'), link: '/visa', is_home: false, is_active: false };
    const first = await h.data<{ id: number }>('admin', 'POST /api/save-promo-image', banner);
    const second = await h.data<{ id: number }>('admin', 'POST /api/save-promo-image', banner);
    await h.write('admin', 'DELETE /api/delete-promo-image/{id}', undefined, { id: first.id });
    await h.write('admin', 'DELETE /api/delete-promo-image', undefined, { id: second.id });
  } finally {
    await removeUploads(h, 'admin', [file]);
  }
}

export async function insuranceQuote(h: Happy) {
  await h.write('anonymous', 'POST /api/insurance-quote', { days: 7, region: 'asia', ages: [35] });
}
