import type { TFunction } from 'i18next';
import { i18n } from '../../i18n';
import { countryName } from '../../i18n/places';
import { MoneyText, DateText } from '../../ui/format';
import { AircraftInput, GroupTicketInput, HolidayInput, InsurancePlanInput, REGIONS, SUPPLIER_KINDS, SupplierInput, UmrahInput, VISA_TYPES, VisaInput } from '../../../contract/catalogue';
import { ReaderText } from '../public/catalogue/localized';
import { airlines, airports } from './reference-resources';

/** What each catalogue admin screen lists and edits; the screens themselves are generic. */
export type { FieldDef, FieldKind, ListFilter, RemoveAction, ResourceUi, Row } from './resource-ui';
export { deleteRow, formCells } from './resource-ui';
import { deleteRow, type FieldDef, type ListFilter, type ResourceUi, type Row } from './resource-ui';

const money = (r: Row, k: string) => <MoneyText value={r[k] as never} />;
/** An item's own text in the reader's language: its Arabic on Arabic pages where it has some (see ReaderText). */
const named = (r: Row, k: string) => <ReaderText en={String(r[k] ?? '')} ar={r[`${k}_ar`] as string | null} />;
const nameIn = (r: Row, k: string) => (i18n.language === 'ar' && String(r[`${k}_ar`] ?? '').trim()) || String(r[k] ?? '');
const yes = (t: TFunction, v: unknown) => (v ? t('catalogue.yes') : t('catalogue.no'));
const published = (t: TFunction) => ({ key: 'is_published', label: t('catalogue.fields.is_published'), render: (r: Row) => <span className={`badge ${r.is_published ? 'badge-approved' : 'badge-pending'}`}>{r.is_published ? t('catalogue.published') : t('catalogue.draft')}</span> });
const pub: FieldDef[] = [{ name: 'is_published', kind: 'bool' }, { name: 'is_featured', kind: 'bool' }, { name: 'sort_order', kind: 'number' }];

export const RESOURCES: Record<string, ResourceUi> = {
  visas: {
    key: 'visas', api: '/visas', schema: VisaInput, update: 'PUT', list: '/admin/visas', create: '/admin/new-visa', edit: '/admin/update-visa', headerImages: 'visa', publishable: true,
    fields: [
      { name: 'country_code', kind: 'country', required: true }, { name: 'title', kind: 'text', required: true }, { name: 'title_ar', kind: 'text', arabic: true },
      { name: 'visa_type', kind: 'select', options: VISA_TYPES, optionKey: 'visas.types' }, { name: 'entry', kind: 'select', options: ['single', 'multiple'], optionKey: 'visas.entries' },
      { name: 'price', kind: 'money', required: true }, { name: 'processing_days', kind: 'number' }, { name: 'validity_days', kind: 'number' }, { name: 'stay_days', kind: 'number' },
      { name: 'flag_image', kind: 'image' }, { name: 'image', kind: 'image' },
      { name: 'description', kind: 'rich', wide: true }, { name: 'description_ar', kind: 'rich', arabic: true },
      { name: 'requirements', kind: 'rich', wide: true }, { name: 'requirements_ar', kind: 'rich', arabic: true }, ...pub,
    ],
    columns: (t) => [
      { key: 'flag', label: t('catalogue.fields.flag_image'), render: (r) => (r.flag_url ? <img className="flag-thumb" src={String(r.flag_url)} alt="" /> : '—') },
      { key: 'country', label: t('catalogue.fields.country_code'), render: (r) => countryName(String(r.country_code), i18n.language, String(r.country)) },
      { key: 'title', label: t('catalogue.fields.title'), render: (r) => named(r, 'title') },
      { key: 'price', label: t('catalogue.fields.price'), render: (r) => money(r, 'price'), align: 'end' },
      published(t),
    ],
    title: (r) => nameIn(r, 'title'),
  },
  holidays: {
    key: 'holidays', api: '/holidays', schema: HolidayInput, update: 'PUT', list: '/admin/holidays', create: '/admin/new/holiday', edit: '/admin/update/holiday', headerImages: 'holiday', publishable: true,
    fields: [
      { name: 'title', kind: 'text', required: true }, { name: 'title_ar', kind: 'text', arabic: true }, { name: 'destination', kind: 'text', required: true },
      { name: 'destination_ar', kind: 'text', arabic: true }, { name: 'country_code', kind: 'country' },
      { name: 'nights', kind: 'number', required: true }, { name: 'days', kind: 'number', required: true }, { name: 'price', kind: 'money', required: true },
      { name: 'start_date', kind: 'date' }, { name: 'end_date', kind: 'date' }, { name: 'image', kind: 'image' },
      { name: 'inclusions', kind: 'rich', wide: true }, { name: 'inclusions_ar', kind: 'rich', arabic: true },
      { name: 'description', kind: 'rich', wide: true }, { name: 'description_ar', kind: 'rich', arabic: true }, ...pub,
    ],
    columns: (t) => [
      { key: 'title', label: t('catalogue.fields.title'), render: (r) => named(r, 'title') },
      { key: 'destination', label: t('catalogue.fields.destination'), render: (r) => named(r, 'destination') },
      { key: 'nights', label: t('catalogue.fields.nights'), render: (r) => t('holidays.duration', { nights: r.nights, days: r.days }) },
      { key: 'price', label: t('catalogue.fields.price'), render: (r) => money(r, 'price'), align: 'end' },
      published(t),
    ],
    title: (r) => nameIn(r, 'title'),
  },
  umrah: {
    key: 'umrah', api: '/umrah-packages', schema: UmrahInput, update: 'PATCH', list: '/admin/umrah-packages', create: '/admin/new/umrah-package', edit: '/admin/update/umrah-package', headerImages: 'umrah', publishable: true,
    fields: [
      { name: 'title', kind: 'text', required: true }, { name: 'title_ar', kind: 'text', arabic: true }, { name: 'days', kind: 'number', required: true }, { name: 'hotel_stars', kind: 'number' },
      { name: 'makkah_hotel', kind: 'text', required: true }, { name: 'makkah_hotel_ar', kind: 'text', arabic: true }, { name: 'makkah_nights', kind: 'number', required: true },
      { name: 'madinah_hotel', kind: 'text', required: true }, { name: 'madinah_hotel_ar', kind: 'text', arabic: true }, { name: 'madinah_nights', kind: 'number', required: true },
      { name: 'departure_city', kind: 'text' }, { name: 'departure_city_ar', kind: 'text', arabic: true }, { name: 'departure_date', kind: 'date' },
      { name: 'price_quad', kind: 'money', required: true }, { name: 'price_triple', kind: 'money' }, { name: 'price_double', kind: 'money' },
      { name: 'includes_visa', kind: 'bool' }, { name: 'includes_flights', kind: 'bool' }, { name: 'includes_transport', kind: 'bool' }, { name: 'image', kind: 'image' },
      { name: 'description', kind: 'rich', wide: true }, { name: 'description_ar', kind: 'rich', arabic: true }, ...pub,
    ],
    columns: (t) => [
      { key: 'title', label: t('catalogue.fields.title'), render: (r) => named(r, 'title') },
      { key: 'days', label: t('catalogue.fields.days'), render: (r) => String(r.days) },
      { key: 'hotels', label: t('umrah.hotels'), render: (r) => <>{named(r, 'makkah_hotel')} · {named(r, 'madinah_hotel')}</> },
      { key: 'price', label: t('umrah.fromQuad'), render: (r) => money(r, 'price_quad'), align: 'end' },
      published(t),
    ],
    title: (r) => nameIn(r, 'title'),
  },
  groupTickets: {
    key: 'groupTickets', api: '/group-tickets', schema: GroupTicketInput, update: 'PUT', list: '/admin/group-tickets', create: '/admin/new/group-ticket', edit: '/admin/update/group-ticket', publishable: true,
    fields: [
      { name: 'airline_code', kind: 'text', required: true, dir: 'ltr' }, { name: 'flight_number', kind: 'text', required: true, dir: 'ltr' },
      { name: 'origin', kind: 'text', required: true, dir: 'ltr' }, { name: 'destination', kind: 'text', required: true, dir: 'ltr' },
      { name: 'departure_date', kind: 'date', required: true }, { name: 'departure_time', kind: 'time', required: true }, { name: 'arrival_time', kind: 'time', required: true }, { name: 'arrival_day_offset', kind: 'number' },
      { name: 'return_flight_number', kind: 'text', dir: 'ltr' }, { name: 'return_date', kind: 'date' }, { name: 'return_departure_time', kind: 'time' }, { name: 'return_arrival_time', kind: 'time' },
      { name: 'seats_total', kind: 'number', required: true }, { name: 'seats_available', kind: 'number' }, { name: 'price', kind: 'money', required: true },
      { name: 'baggage', kind: 'text' }, { name: 'refundable', kind: 'bool' }, { name: 'notes', kind: 'textarea', wide: true }, { name: 'is_published', kind: 'bool' },
    ],
    columns: (t) => [
      { key: 'flight', label: t('groupTickets.flight'), render: (r) => <span dir="ltr">{`${r.airline_code} ${r.flight_number}`}</span> },
      { key: 'route', label: t('groupTickets.route'), render: (r) => <span dir="ltr">{`${r.origin} → ${r.destination}`}</span> },
      { key: 'date', label: t('catalogue.fields.departure_date'), render: (r) => <DateText value={String(r.departure_date)} /> },
      { key: 'seats', label: t('groupTickets.seats'), render: (r) => `${r.seats_available} / ${r.seats_total}`, align: 'end' },
      { key: 'price', label: t('catalogue.fields.price'), render: (r) => money(r, 'price'), align: 'end' },
      { key: 'refundable', label: t('catalogue.fields.refundable'), render: (r) => yes(t, r.refundable) },
    ],
    title: (r) => `${r.airline_code} ${r.flight_number} ${r.origin}-${r.destination}`,
  },
  aircraft: {
    key: 'aircraft', api: '/aircrafts', schema: AircraftInput, update: 'PUT', list: '/admin/aircrafts', create: '/admin/new/aircraft', edit: '/admin/update/aircraft', publishable: false,
    fields: [{ name: 'code', kind: 'text', required: true, dir: 'ltr' }, { name: 'name', kind: 'text', required: true }, { name: 'manufacturer', kind: 'text', required: true }, { name: 'seats', kind: 'number', required: true }, { name: 'range_km', kind: 'number' }],
    columns: (t) => [
      { key: 'code', label: t('catalogue.fields.code'), render: (r) => <span className="code-chip">{String(r.code)}</span> },
      { key: 'name', label: t('catalogue.fields.name'), render: (r) => String(r.name) },
      { key: 'manufacturer', label: t('catalogue.fields.manufacturer'), render: (r) => String(r.manufacturer) },
      { key: 'seats', label: t('catalogue.fields.seats'), render: (r) => String(r.seats), align: 'end' },
    ],
    title: (r) => String(r.name),
  },
  suppliers: {
    key: 'suppliers', api: '/suppliers', schema: SupplierInput, update: 'PUT', list: '/admin/suppliers', create: '/admin/new/supplier', edit: '/admin/update/supplier', publishable: false,
    fields: [{ name: 'code', kind: 'text', required: true, dir: 'ltr' }, { name: 'name', kind: 'text', required: true }, { name: 'kind', kind: 'select', options: SUPPLIER_KINDS, optionKey: 'suppliers.kinds', required: true },
      { name: 'contact_email', kind: 'text', dir: 'ltr' }, { name: 'phone', kind: 'text', dir: 'ltr' }, { name: 'is_active', kind: 'bool' }, { name: 'notes', kind: 'textarea', wide: true }],
    columns: (t) => [
      { key: 'code', label: t('catalogue.fields.code'), render: (r) => <span className="code-chip">{String(r.code)}</span> },
      { key: 'name', label: t('catalogue.fields.name'), render: (r) => String(r.name) },
      { key: 'kind', label: t('catalogue.fields.kind'), render: (r) => t(`suppliers.kinds.${r.kind}`) },
      { key: 'active', label: t('catalogue.fields.is_active'), render: (r) => yes(t, r.is_active) },
    ],
    title: (r) => String(r.name),
  },
  insurance: {
    key: 'insurance', api: '/insurance-plans', schema: InsurancePlanInput, update: 'PUT', list: '/admin/insurance-plans', create: '/admin/new/insurance-plan', edit: '/admin/update/insurance-plan', publishable: true,
    fields: [{ name: 'name', kind: 'text', required: true }, { name: 'name_ar', kind: 'text' }, { name: 'coverage', kind: 'money', required: true }, { name: 'coverage_currency', kind: 'text', dir: 'ltr' },
      { name: 'daily_rate', kind: 'money', required: true }, { name: 'min_premium', kind: 'money' }, { name: 'max_days', kind: 'number', required: true }, { name: 'max_age', kind: 'number', required: true },
      { name: 'regions', kind: 'multi', options: REGIONS, optionKey: 'insurance.regions', wide: true }, { name: 'benefits', kind: 'lines', wide: true }, { name: 'benefits_ar', kind: 'lines', wide: true }, { name: 'description', kind: 'rich', wide: true },
      { name: 'is_published', kind: 'bool' }, { name: 'sort_order', kind: 'number' }],
    columns: (t) => [
      { key: 'name', label: t('catalogue.fields.name'), render: (r) => named(r, 'name') },
      { key: 'coverage', label: t('catalogue.fields.coverage'), render: (r) => money(r, 'coverage'), align: 'end' },
      { key: 'rate', label: t('catalogue.fields.daily_rate'), render: (r) => money(r, 'daily_rate'), align: 'end' },
      published(t),
    ],
    title: (r) => nameIn(r, 'name'),
  },
  airlines,
  airports,
};

const PUBLISH_FILTER: ListFilter = { name: 'status', options: ['all', 'published', 'draft'], optionKey: 'catalogue', label: 'catalogue.statusFilter' };
export const listFilter = (res: ResourceUi) => res.filter ?? (res.publishable ? PUBLISH_FILTER : null);
export const deleteAction = (res: ResourceUi, t: TFunction, r: Row) =>
  res.remove ? res.remove(t, r, res.title(r)) : deleteRow(t, res.title(r));

/** The form's starting values: from an item (Money → its amount, null → '') or empty. */
export function formValues(res: ResourceUi, item: Row | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of res.fields) {
    const v = item?.[f.name];
    if (f.kind === 'bool') out[f.name] = item ? !!v : ['is_published', 'is_active', 'active'].includes(f.name) || f.name.startsWith('includes_');
    else if (f.kind === 'multi' || f.kind === 'lines') out[f.name] = Array.isArray(v) ? v : [];
    else if (v && typeof v === 'object' && 'amount' in (v as object)) out[f.name] = (v as { amount: string }).amount;
    else if (f.kind === 'select' && v == null) out[f.name] = f.nullable ? '' : f.options?.[0] ?? '';
    else out[f.name] = v == null ? '' : String(v);
  }
  if (res.key === 'groupTickets' && item) out.seats_available = ''; // sold seats stay sold unless set by hand
  return out;
}

/** What the form sends: an empty choice of a nullable select is null. */
export function payload(res: ResourceUi, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const f of res.fields) if (f.nullable && out[f.name] === '') out[f.name] = null;
  return out;
}
