import { useTranslation } from 'react-i18next';
import { HotelMarginInput } from '../../../contract/hotels';
import { DateText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { SelectInput, Submit, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { useRecord } from '../../ui/records';
import { getHotelMargin, saveHotelMargin } from './api';
import './strings';

/**
 * /admin/hotel-margin: the markup or discount, as a percentage of the hotel supplier's net, that every hotel price
 * carries before the customer or agent margin. On the resource-form machine: checked with the contract's schema
 * before saving, the server's first message per field shown under the field.
 */
export default function HotelMarginScreen() {
  const { t } = useTranslation();
  const saved = useRecord((_, signal) => getHotelMargin(signal));
  const form = useResourceForm({
    schema: HotelMarginInput,
    load: async (_, signal) => { const m = await getHotelMargin(signal); return { type: m.type, percent: String(m.percent) }; },
    save: ({ values }, signal) => saveHotelMargin(values, signal).then((r) => ({ message: r.message })),
  }, { values: { type: 'markup', percent: '0' }, load: true }, (ev) => { if (ev.type === 'saved') saved.reload(); });
  const { values: v, errors: e, set } = form;
  return (
    <>
      <PageHeader title={t('hotels.margin.title')} subtitle={t('hotels.margin.hint')} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading} data-testid="hotel-margin-form">
        <div className="form-row">
          <SelectInput name="type" label={t('hotels.margin.type')} value={String(v.type)} onChange={set('type')} error={e.type}
            options={[{ value: 'markup', label: t('hotels.margin.markup') }, { value: 'discount', label: t('hotels.margin.discount') }]} />
          <TextInput name="percent" dir="ltr" inputMode="decimal" label={t('hotels.margin.percent')} value={String(v.percent)} onChange={set('percent')} error={e.percent} hint="%" />
        </div>
        {saved.data?.updated_at ? <p className="muted">{t('hotels.margin.updated')} <DateText value={saved.data.updated_at} time /></p> : null}
        <div className="form-actions"><Submit busy={form.busy}>{t('hotels.margin.save')}</Submit></div>
      </form>
    </>
  );
}
