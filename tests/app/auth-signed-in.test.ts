import { describe, expect, it } from 'vitest';
import { signedIn } from '../../src/features/auth/api';
import type { LoginResponse } from '../../contract/auth';

const user = { id: 1, name: 'A', email: 'a@x.test', role: 'customer', is_approved: '1', email_verified: true } as unknown as LoginResponse['data']['user'];

describe('a sign-in answer', () => {
  it('with the user and a token signs in and carries its message', () => {
    const r = signedIn({ success: true, data: { user, access_token: 't' }, message: { status: 'success', description: 'Welcome' } });
    expect(r.user).toBe(user);
    expect(r.notice).toEqual({ status: 'success', text: 'Welcome' });
  });

  it.each([
    ['no token', { success: true, data: { user }, message: { status: 'success', description: 'ok' } }],
    ['no user', { success: true, data: { access_token: 't' }, message: { status: 'success', description: 'ok' } }],
    ['no data', { success: true, message: { status: 'success', description: 'ok' } }],
  ])('with %s fails with "Failed to authenticate, please try again later."', (_, body) => {
    expect(() => signedIn(body as unknown as LoginResponse)).toThrow(expect.objectContaining({ notice: { status: 'error', key: 'errors.authFailed' } }));
  });
});
