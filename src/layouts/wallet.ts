import type { User } from '../../contract/auth';
import type { Money } from '../../contract/money';
import { intlLocale } from '../i18n/intl-locale';

/** Only an agent who may use the agent area (verified and approved) has a wallet worth showing. */
export const showsWallet = (user: User | null | undefined): boolean =>
  !!user && user.role === 'agent' && user.is_approved === '1' && user.email_verified;

/** "PKR 45,250.00": the same shape as the agent screens' money, Latin digits in both languages (src/i18n/intl-locale.ts). */
export function formatBalance(m: Money, lng: string): string {
  const n = Number(m.amount);
  const digits = n.toLocaleString(intlLocale(lng), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${m.currency} ${digits}`;
}
