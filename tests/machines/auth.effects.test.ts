import { describe, expect, it } from 'vitest';
import { done, fail } from '../support/model';
import { harness, invalid } from './auth-harness';
import { IDENTITIES, type Identity } from './identities';

/** What the app does because of the machine: where it navigates and which toasts it asks for. */
const ok = { status: 'success', text: 'OK' } as const;
const creds = { email: 'a@b.c', password: 'Safar-demo-1' };

async function signedInAs(who: Identity) {
  const h = harness();
  await h.step(done('fetchUser', IDENTITIES[who]));
  h.emitted.length = 0;
  return h;
}
const navigations = (h: ReturnType<typeof harness>) => h.emitted.filter((e) => e.type === 'navigate').map((e) => (e as { to: string }).to);

describe('after login', () => {
  it.each([
    ['customer', '/'],
    ['customerUnverified', '/'],
    ['agentUnverified', '/agent/dashboard'],
    ['agentPending', '/agent/dashboard'],
    ['agentApproved', '/agent/dashboard'],
    ['admin', '/admin/dashboard'],
    ['accounts', '/admin/dashboard'],
    ['reservation', '/admin/dashboard'],
    ['analyst', '/admin/dashboard'],
  ] as const)('%s goes to %s with the server message as a toast', async (who, to) => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'LOGIN', input: creds });
    expect(h.snapshot().context.isLoading).toBe(true);
    await h.step(done('login', { user: IDENTITIES[who], notice: ok }));
    expect(navigations(h)).toEqual([to]);
    expect(h.emitted).toContainEqual({ type: 'notify', notice: ok });
    expect(h.snapshot().context).toMatchObject({ user: IDENTITIES[who], isLoading: false, success: true });
  });

  it('keeps validation messages, stays anonymous and does not navigate on failure', async () => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'LOGIN', input: creds });
    await h.step(fail('login', invalid));
    expect(h.snapshot().matches({ ready: 'anonymous' })).toBe(true);
    expect(h.snapshot().context).toMatchObject({ isLoading: false, success: false, validationMessages: { email: 'Email is required.' } });
    expect(navigations(h)).toEqual([]);
    expect(h.emitted).toContainEqual({ type: 'notify', notice: invalid.notice });
  });

  it('a second submit while the first is running is ignored (one call)', async () => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'LOGIN', input: creds });
    h.actor.send({ type: 'LOGIN', input: creds });
    expect(h.calls.filter((c) => c.id === 'login')).toHaveLength(1);
    expect(h.calls.find((c) => c.id === 'login')?.input).toEqual(creds);
  });

  it('an aborted call (no notice) shows no toast', async () => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'LOGIN', input: creds });
    await h.step(fail('login', { notice: null, fieldErrors: {} }));
    expect(h.emitted).toEqual([]);
  });

  it('an unexpected throw becomes the generic failure', async () => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'LOGIN', input: creds });
    await h.step(fail('login', new TypeError('boom')));
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'error', key: 'errors.generic' } }]);
  });
});

describe('after register, logout, forgot, reset, verify, resend', () => {
  it('customer register: home, success toast and a verify-your-email notice', async () => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'REGISTER', input: { name: 'N', ...creds, password_confirmation: creds.password } });
    await h.step(done('register', { user: IDENTITIES.customerUnverified, notice: ok }));
    expect(navigations(h)).toEqual(['/']);
    expect(h.emitted).toContainEqual({ type: 'notify', notice: { status: 'info', key: 'auth.notices.verifyEmail' } });
    expect(h.snapshot().matches({ ready: { signedIn: 'customer' } })).toBe(true);
  });

  it('agent register: add-agent-details', async () => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'REGISTER_AGENT', input: { name: 'N', ...creds, password_confirmation: creds.password, company_name: 'C', phone: '+923000000000' } });
    await h.step(done('registerAgent', { user: IDENTITIES.agentUnverified, notice: ok }));
    expect(navigations(h)).toEqual(['/agent/add-agent-details']);
    expect(h.snapshot().matches({ ready: { signedIn: { agent: 'unverified' } } })).toBe(true);
  });

  it('logout: home, user cleared and fetched again', async () => {
    const h = await signedInAs('admin');
    h.actor.send({ type: 'LOGOUT' });
    await h.step(done('logout', { notice: ok }));
    expect(navigations(h)).toEqual(['/']);
    expect(h.snapshot().value).toBe('fetchingUser');
    expect(h.snapshot().context.user).toBeNull();
    expect(h.calls.filter((c) => c.id === 'fetchUser')).toHaveLength(2);
    await h.step(done('fetchUser', null));
    expect(h.snapshot().matches({ ready: 'anonymous' })).toBe(true);
  });

  it.each([
    ['FORGOT', 'forgotPassword', { email: 'a@b.c' }],
    ['RESET', 'resetPassword', { token: 't', ...creds, password_confirmation: creds.password }],
  ] as const)('%s success goes home', async (type, id, input) => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type, input } as never);
    await h.step(done(id, { notice: ok }));
    expect(navigations(h)).toEqual(['/']);
  });

  it('reset with a used token keeps the messages and stays put', async () => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'RESET', input: { token: 't', ...creds, password_confirmation: creds.password } });
    await h.step(fail('resetPassword', invalid));
    expect(navigations(h)).toEqual([]);
    expect(h.snapshot().context.outcome).toEqual({ op: 'reset', ok: false, notice: invalid.notice });
  });

  it('verify success: email-success screen, user fetched again', async () => {
    const h = await signedInAs('agentUnverified');
    h.actor.send({ type: 'VERIFY', input: { id: '3', expires: '1', signature: 's' } });
    await h.step(done('verifyEmail', { notice: ok }));
    expect(navigations(h)).toEqual(['/email-success-message']);
    await h.step(done('fetchUser', IDENTITIES.agentPending));
    expect(h.snapshot().matches({ ready: { signedIn: { agent: 'pending' } } })).toBe(true);
  });

  it('verify failure: the outcome carries the message for the screen, no navigation', async () => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'VERIFY', input: { id: '3', expires: '1', signature: 'bad' } });
    const expired = { notice: { status: 'error', text: 'Invalid or expired link.' }, fieldErrors: {} };
    await h.step(fail('verifyEmail', expired));
    expect(h.snapshot().context.outcome).toEqual({ op: 'verify', ok: false, notice: expired.notice });
    expect(navigations(h)).toEqual([]);
    h.actor.send({ type: 'CLEAR' });
    expect(h.snapshot().context.outcome).toBeNull();
  });

  it('resend: toast, stays where it was', async () => {
    const h = await signedInAs('customerUnverified');
    h.actor.send({ type: 'RESEND' });
    await h.step(done('resendVerification', { notice: ok }));
    expect(h.emitted).toEqual([{ type: 'notify', notice: ok }]);
    expect(h.snapshot().matches({ ready: { signedIn: 'customer' } })).toBe(true);
  });

  it('cancel (leaving the screen) aborts the call and returns to where it was', async () => {
    const h = await signedInAs('anonymous');
    h.actor.send({ type: 'FORGOT', input: { email: 'a@b.c' } });
    h.actor.send({ type: 'CANCEL' });
    expect(h.snapshot().matches({ ready: 'anonymous' })).toBe(true);
    expect(h.snapshot().context.isLoading).toBe(false);
  });
});
