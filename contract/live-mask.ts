/**
 * Events and states leave the app tab for the explorer (and, in a support session, the server) as plain data with
 * personal data masked: fields whose name says they hold a person's name, contact, document, card or secret, the
 * `value` of a form event whose `field` or `path` names such a field, and any text that looks like an email or a
 * long number (phone, card, passport), wherever it sits. Also bounded (depth, list length, text length), so a
 * search's hundreds of offers never flood the channel. Pure, so a test pins down what is hidden.
 */

export const MASK = '•••';
const PERSONAL = /name|email|phone|mobile|whatsapp|passport|document|cnic|national_?id|id_?number|card|cvv|cvc|pan$|^pin$|otp|expiry|dob|birth|address|street|post_?code|zip|contact|password|token|secret|iban|account_no/i;
/** Names of fields that are not personal although PERSONAL matches them. */
const NOT_PERSONAL = /^(type|airline_?name|airport_?name|city_?name|country_?name|bank_name|supplier_?name|document_type)$/i;
const personal = (key: string) => PERSONAL.test(key) && !NOT_PERSONAL.test(key);
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
    // A form event names the field it changes beside the value typed into it: `{field: 'first_name', value}`.
    const named = (value as { field?: unknown; path?: unknown }).field ?? (value as { path?: unknown }).path;
    const valueIsPersonal = typeof named === 'string' && personal(named.split('.').at(-1) ?? '');
    for (const [k, v] of Object.entries(value)) {
      const hide = personal(k) || (valueIsPersonal && k === 'value');
      out[k] = hide && v !== null && v !== undefined && v !== '' ? MASK : mask(v, depth + 1);
    }
    return out;
  }
  return undefined;
}
