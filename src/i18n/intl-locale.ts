/**
 * The Intl locale for numbers and dates in the reader's language. Arabic is written with Latin digits: flight
 * times, PNRs, flight numbers, phone numbers and typed dates are Latin anyway, and one page mixing both styles
 * (a count in one, an amount in the other) read as two products. `en` picks the English variant (en-GB dates).
 */
export const intlLocale = (lng: string, en = 'en-US') => (lng === 'ar' ? 'ar-u-nu-latn' : en);
