import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth';
import { formatBalance, showsWallet } from '../../src/layouts/wallet';

const agent: User = { id: 7, name: 'A', email: 'a@x', role: 'agent', is_approved: '1', email_verified: true, status: 'active', created_at: '2026-01-01T00:00:00Z' };

describe('header wallet', () => {
  it('is shown only to a verified, approved agent', () => {
    expect(showsWallet(agent)).toBe(true);
    expect(showsWallet({ ...agent, is_approved: '0' })).toBe(false);
    expect(showsWallet({ ...agent, email_verified: false })).toBe(false);
    expect(showsWallet({ ...agent, role: 'accounts' })).toBe(false);
    expect(showsWallet(null)).toBe(false);
  });

  it('formats the balance with its currency in both languages', () => {
    expect(formatBalance({ amount: '45250.50', currency: 'PKR' }, 'en')).toBe('PKR 45,250.50');
    expect(formatBalance({ amount: '-1200.00', currency: 'PKR' }, 'en')).toBe('PKR -1,200.00');
    expect(formatBalance({ amount: '45250.50', currency: 'PKR' }, 'ar')).toBe('PKR 45,250.50');
  });
});
