import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth';
import { showsWallet } from '../../src/layouts/wallet';
import { formatMoney } from '../../src/ui/format';

const agent: User = { id: 7, name: 'A', email: 'a@x', role: 'agent', is_approved: '1', email_verified: true, email_verified_at: '2026-01-01T00:00:00Z', status: 'active', created_at: '2026-01-01T00:00:00Z' };

describe('header wallet', () => {
  it('is shown only to a verified, approved agent', () => {
    expect(showsWallet(agent)).toBe(true);
    expect(showsWallet({ ...agent, is_approved: '0' })).toBe(false);
    expect(showsWallet({ ...agent, email_verified: false })).toBe(false);
    expect(showsWallet({ ...agent, role: 'accounts' })).toBe(false);
    expect(showsWallet(null)).toBe(false);
  });

  it('writes the balance as every screen writes money, isolated left to right in Arabic', () => {
    expect(formatMoney({ amount: '45250.50', currency: 'PKR' }, 'en')).toBe('PKR\u00a045,250.50');
    expect(formatMoney({ amount: '45250.00', currency: 'PKR' }, 'en')).toBe('PKR\u00a045,250');
    expect(formatMoney({ amount: '-1200.00', currency: 'PKR' }, 'en')).toBe('-PKR\u00a01,200');
    expect(formatMoney({ amount: '45250.50', currency: 'PKR' }, 'ar')).toBe('\u2066PKR\u00a045,250.50\u2069');
  });
});
