/**
 * Events and states leave the app tab for the explorer as plain data with personal data masked: fields whose name
 * says they hold a person's name, contact, document, card or secret, and any text that looks like an email or a
 * long number (phone, card, passport), wherever it sits. Also bounded (depth, list length, text length), so a
 * search's hundreds of offers never flood the channel. Pure, so a test pins down what is hidden.
 */

export const MASK = '•••';
const PERSONAL = /name|email|phone|mobile|passport|document|card|cvv|cvc|pan$|expiry|dob|birth|address|contact|password|token|secret|iban|account_no/i;
/** Names of fields that are not personal although PERSONAL matches them. */
const NOT_PERSONAL = /^(type|airline_?name|airport_?name|city_?name|country_?name|bank_name|supplier_?name|document_type)$/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const LONG_NUMBER = /\d[\d\s-]{6,}\d/;

const MAX_DEPTH = 5;
const MAX_ITEMS = 10;
const MAX_TEXT = 120;

export function mask(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') {
    if (EMAIL.test(value) || LONG_NUMBER.test(value)) return MASK;
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return undefined;
  if (depth >= MAX_DEPTH) return '…';
  if (value instanceof Error) return { name: value.name, message: mask(value.message, depth + 1) };
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => mask(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  if (typeof value === 'object') {
    // Actor references, signals and the like are not data: their class name is enough.
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return `[${(value as object).constructor?.name ?? 'object'}]`;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = PERSONAL.test(k) && !NOT_PERSONAL.test(k) && v !== null && v !== undefined && v !== '' ? MASK : mask(v, depth + 1);
    }
    return out;
  }
  return undefined;
}
