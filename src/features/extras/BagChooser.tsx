import { useTranslation } from 'react-i18next';
import type { BagOption } from '../../../contract/flight-extras';
import { bagKey, type SeatPassenger } from '../../../machines/seat-selection';
import { formatMoney } from '../../ui/format';

/**
 * Checked bags on one flight, per passenger who has a seat (an infant on a lap has none): for each option sold on
 * the flight, how many pieces, each priced per piece. A native select per passenger and option: it reads out its
 * label and works with a phone's own picker.
 */
export function BagChooser({ options, passengers, quantities, onChange }: {
  options: BagOption[];
  passengers: SeatPassenger[];
  quantities: Record<string, number>;
  onChange: (passenger: number, serviceId: string, quantity: number) => void;
}) {
  const { t, i18n } = useTranslation();
  if (!options.length) return <p className="muted" data-testid="bags-none">{t('extras.bags.none')}</p>;
  return (
    <div className="bag-chooser" data-testid="bag-chooser">
      {passengers.map((p, i) => (p.type === 'INF' ? null : (
        <fieldset key={i} className="bag-pax">
          <legend><bdi>{p.name}</bdi></legend>
          {options.map((o) => {
            const id = `bag-${i}-${o.id}`;
            const max = Math.min(o.maximum_quantity, 3);
            return (
              <div className="bag-option" key={o.id}>
                <label htmlFor={id}>{t('extras.bags.option', { weight: o.weight_kg, price: formatMoney(o.price, i18n.language) })}</label>
                <select id={id} className="field-input bag-qty" value={quantities[bagKey(i, o.id)] ?? 0} data-testid={id}
                  onChange={(e) => onChange(i, o.id, Number(e.target.value))}>
                  {Array.from({ length: max + 1 }, (_, q) => <option key={q} value={q}>{q === 0 ? t('extras.bags.noBag') : t('extras.bags.pieces', { count: q })}</option>)}
                </select>
              </div>
            );
          })}
        </fieldset>
      )))}
    </div>
  );
}
