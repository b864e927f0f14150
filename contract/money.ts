/** Amounts travel as {amount, currency} with amount in major units as a decimal string. */
export interface Money { amount: string; currency: string }

export const DEFAULT_CURRENCY = 'PKR';

/** The largest amount any one entry takes: 100 million in major units (far inside a safe integer in minor units). */
export const MAX_AMOUNT_MINOR = 100_000_000_00;

/** Minor units (integer) to the wire shape. Two decimals for every currency we sell in. */
export function toMoney(minor: number | bigint, currency = DEFAULT_CURRENCY): Money {
  // Plain numbers first: search formats thousands of amounts, and BigInt costs several times more.
  if (typeof minor === 'number' && Number.isSafeInteger(minor)) {
    const abs = Math.abs(minor);
    return { amount: `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, currency };
  }
  const n = BigInt(minor);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const major = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return { amount: `${neg ? '-' : ''}${major}.${cents}`, currency };
}

/**
 * The one rounding rule for prices: every price we compute (fares, taxes, margins, room nights, fees) is a whole
 * number of major units (rupees), rounded half up, so a total is the same figure on every screen, mail, CSV and
 * PDF whether it is written with decimals or without. Money people type (deposits, charges) is kept as typed.
 */
export const wholeUnits = (minor: number): number => Math.round(minor / 100) * 100;

/** Wire or typed decimal string ("45250.5", "45250.00") to integer minor units; null when not a number. */
export function parseMinor(amount: string | number): number | null {
  const s = String(amount).trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const minor = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -minor : minor;
}

/** The sum of two amounts of one currency, in minor units so no float rounding creeps in. */
export function addMoney(a: Money, b: Money): Money {
  return toMoney((parseMinor(a.amount) ?? 0) + (parseMinor(b.amount) ?? 0), a.currency);
}
