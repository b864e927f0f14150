import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY } from '../../../contract/money';
import { deleteRow, type ResourceUi, type Row } from './resource-ui';
import { moneyText } from '../../../contract/format/money';
import { formatNumber } from '../../../contract/format/number';
import { i18n } from '../../i18n';
import { countryName } from '../../i18n/places';
import { COUNTRY_CODES } from '../../ui/countries';
import { airlineInput, airportInput } from '../../../contract/reference-data';

/** Airlines and airports: reference data keyed by IATA code, edited in the back office. */

const yes = (t: (k: string) => string, v: unknown) => (v ? t('catalogue.yes') : t('catalogue.no'));
/** The country select offers these codes; the server checks against its own table again. */
const isCountry = (c: string) => COUNTRY_CODES.includes(c);
const code = (r: Row) => <span className="code-chip">{String(r.code)}</span>;

/** "+2.50 %" or "−PKR 1,500": markup adds, discount takes off; fixed amounts are per passenger in the base currency. */
function MarginText({ row }: { row: Row }) {
  const { i18n } = useTranslation();
  if (!row.has_margin) return <span className="muted">—</span>;
  const sign = row.margin_type === 'discount' ? '−' : '+';
  const value = row.margin_mode === 'percent'
    ? `${formatNumber(Number(row.margin_value), i18n.language, { min: 2, max: 2 })} %`
    : moneyText(Math.round(Number(row.margin_value) * 100), DEFAULT_CURRENCY);
  return <bdi className="money" dir="ltr">{`${sign}${value}`}</bdi>;
}

function CityText({ row }: { row: Row }) {
  const { i18n } = useTranslation();
  return <>{`${row.city}${i18n.language === 'ar' ? '، ' : ', '}${i18n.language === 'ar' ? row.country_name_ar : row.country_name}`}</>;
}

export const airlines: ResourceUi = {
  key: 'airlines', api: '/airlines', schema: airlineInput(isCountry), idKey: 'code', update: 'PUT', list: '/admin/airlines', create: '/admin/new/airline', edit: '/admin/update/airline', publishable: false,
  remove: () => null, // no DELETE: the flight network refers to airlines, so they are deactivated instead
  fields: [
    { name: 'code', kind: 'text', required: true, dir: 'ltr', createOnly: true }, { name: 'name', kind: 'text', required: true }, { name: 'country', kind: 'country', required: true },
    { name: 'margin_type', kind: 'select', options: ['markup', 'discount'], optionKey: 'airlines.marginTypes', nullable: true },
    { name: 'margin_mode', kind: 'select', options: ['percent', 'fixed'], optionKey: 'airlines.marginModes', nullable: true },
    { name: 'margin_value', kind: 'money' }, { name: 'active', kind: 'bool' },
  ],
  columns: (t) => [
    { key: 'code', label: t('catalogue.fields.code'), render: code },
    { key: 'name', label: t('catalogue.fields.name'), render: (r) => String(r.name) },
    { key: 'country', label: t('catalogue.fields.country'), render: (r) => countryName(String(r.country), i18n.language) },
    { key: 'active', label: t('catalogue.fields.active'), render: (r) => yes(t, r.active) },
    { key: 'margin', label: t('airlines.margin'), render: (r) => <MarginText row={r} />, align: 'end' },
  ],
  title: (r) => `${r.code} ${r.name}`,
};

export const airports: ResourceUi = {
  key: 'airports', api: '/airports', schema: airportInput(isCountry), read: '/admin/airports', idKey: 'code', update: 'PUT', list: '/admin/airports', create: '/admin/new/airport', edit: '/admin/update/airport', publishable: false,
  filter: { name: 'filter', options: ['all', 'custom', 'edited', 'inactive'], optionKey: 'airports.filters', label: 'airports.filterLabel' },
  // A staff-added airport is deleted; an edited reference airport gets its reference values back.
  remove: (t, r, name) => (r.is_custom ? deleteRow(t, name)
    : r.edited ? { label: t('airports.restore'), confirm: t('airports.confirmRestore', { name }), yes: t('airports.confirmRestoreYes') } : null),
  formHint: 'airports.formHint',
  fields: [
    { name: 'code', kind: 'text', required: true, dir: 'ltr', createOnly: true }, { name: 'name', kind: 'text', required: true }, { name: 'city', kind: 'text', required: true },
    { name: 'country', kind: 'country', required: true }, { name: 'lat', kind: 'text', required: true, dir: 'ltr' }, { name: 'lon', kind: 'text', required: true, dir: 'ltr' },
    { name: 'tz', kind: 'text', required: true, dir: 'ltr' }, { name: 'size', kind: 'select', options: ['small', 'medium', 'large'], optionKey: 'airports.sizes' }, { name: 'active', kind: 'bool' },
  ],
  columns: (t) => [
    { key: 'code', label: t('catalogue.fields.code'), render: code },
    { key: 'name', label: t('catalogue.fields.name'), render: (r) => String(r.name) },
    { key: 'city', label: t('catalogue.fields.city'), render: (r) => <CityText row={r} /> },
    { key: 'size', label: t('catalogue.fields.size'), render: (r) => t(`airports.sizes.${r.size}`) },
    {
      key: 'status', label: t('catalogue.fields.status'), render: (r) => (
        <span className="chips">
          <span className={`badge ${r.active ? 'badge-active' : 'badge-suspended'}`}>{r.active ? t('airports.badges.active') : t('airports.badges.inactive')}</span>
          {r.is_custom ? <span className="badge badge-custom">{t('airports.badges.custom')}</span> : null}
          {r.edited ? <span className="badge badge-pending">{t('airports.badges.edited')}</span> : null}
        </span>
      ),
    },
  ],
  title: (r) => `${r.code} ${r.name}`,
};
