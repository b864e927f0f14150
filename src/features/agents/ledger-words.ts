import { useTranslation } from 'react-i18next';
import type { StatementRow } from '../../../contract/agents';
import { routeAirports } from '../../../contract/trip-route';
import { usePlaceName, useRouteText } from '../../i18n/places';
import { formatDate } from '../../ui/format';

/**
 * A ledger line in the reader's words, from what the transaction is about (the statement's `subject`): the
 * screen, its print view and its CSV all use this, so they say the same thing. A transaction whose subject is
 * unknown keeps the description it was posted with.
 */
export function useLedgerWords(): (row: Pick<StatementRow, 'type' | 'description' | 'subject'>) => string {
  const { t, i18n } = useTranslation();
  const place = usePlaceName();
  const routeText = useRouteText();
  const lng = i18n.language;
  return ({ type, description, subject }) => {
    if (!subject) return description;
    switch (subject.kind) {
      case 'opening':
        return t('ledger.words.opening');
      case 'flight': {
        // In English the codes (KHI → DXB); in Arabic the cities' Arabic names where there are some. A multi-city
        // trip names each of its airports.
        const codes = routeAirports(subject);
        const route = lng === 'ar' ? codes.map((c) => place(c, c)).reduce((from, to) => routeText(from, to)) : codes.join(' → ');
        const key = type === 'direct_booking' ? 'imported' : type === 'void' ? 'void' : type === 'refund' ? 'flightRefund' : type === 're_issue' ? 'reissue' : 'ticket';
        return t(`ledger.words.${key}`, { route, pnr: subject.pnr });
      }
      case 'hotel':
        return type === 'refund' ? t('ledger.words.hotelRefund', { reference: subject.reference })
          : t('ledger.words.hotel', { hotel: subject.hotel, from: formatDate(subject.check_in, lng), to: formatDate(subject.check_out, lng), reference: subject.reference });
      case 'deposit':
        return subject.method === 'cash' || !subject.bank ? t('ledger.words.cashDeposit', { reference: subject.reference }) : t('ledger.words.deposit', { reference: subject.reference, bank: subject.bank });
      case 'package':
      case 'visa':
      case 'insurance': {
        const title = (lng === 'ar' && subject.title_ar) || subject.title;
        return t(`ledger.words.${subject.kind}${type === 'refund' ? 'Refund' : ''}`, { title, date: formatDate(subject.date, lng), reference: subject.reference });
      }
      case 'charge': {
        const label = t(`ledger.types.${subject.charge_type}`, { defaultValue: subject.charge_type });
        return subject.booking_reference ? t('ledger.words.chargeFor', { type: label, booking: subject.booking_reference, note: description }) : t('ledger.words.charge', { type: label, note: description });
      }
    }
  };
}
