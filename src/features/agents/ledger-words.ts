import { useTranslation } from 'react-i18next';
import type { LedgerSubject, StatementRow } from '../../../contract/ledger';
import { routeAirports } from '../../../contract/trip-route';
import { usePlaceName, useRouteText } from '../../i18n/places';
import { formatDate } from '../../ui/format';
import { isolateLtr } from '../../../contract/format/money';

/**
 * The booking (or deposit) reference a ledger line is about, as its owner quotes it ("YFH2QC", "HB-7K2M9Q"): what
 * the statement, its CSV and the transactions list show beside the words. The posting's own reference
 * (`booking:YFH2QC`, `re_issue:7L3DLS:1`) is internal: staff see it only as a line's tooltip.
 */
export function ledgerReference(subject: LedgerSubject | null): string {
  if (!subject) return '';
  switch (subject.kind) {
    case 'flight': return subject.pnr;
    case 'charge': return subject.booking_reference ?? '';
    case 'opening': return '';
    default: return subject.reference;
  }
}

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
  // A reference keeps its own order inside an Arabic sentence.
  const code = (text: string) => (lng === 'ar' ? isolateLtr(text) : text);
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
        return t(`ledger.words.${key}`, { route, pnr: code(subject.pnr) });
      }
      case 'hotel':
        return type === 'refund' ? t('ledger.words.hotelRefund', { reference: code(subject.reference) })
          : t('ledger.words.hotel', { hotel: (lng === 'ar' && subject.hotel_ar) || subject.hotel, from: formatDate(subject.check_in, lng), to: formatDate(subject.check_out, lng), reference: code(subject.reference) });
      case 'deposit':
        return subject.method === 'cash' || !subject.bank ? t('ledger.words.cashDeposit', { reference: code(subject.reference) }) : t('ledger.words.deposit', { reference: code(subject.reference), bank: subject.bank });
      case 'package':
      case 'visa':
      case 'insurance': {
        const title = (lng === 'ar' && subject.title_ar) || subject.title;
        return t(`ledger.words.${subject.kind}${type === 'refund' ? 'Refund' : ''}`, { title, date: formatDate(subject.date, lng), reference: code(subject.reference) });
      }
      case 'charge': {
        const label = t(`ledger.types.${subject.charge_type}`, { defaultValue: subject.charge_type });
        return subject.booking_reference ? t('ledger.words.chargeFor', { type: label, booking: code(subject.booking_reference), note: description }) : t('ledger.words.charge', { type: label, note: description });
      }
    }
  };
}
