import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { applicationFormErrors, blankTraveller, visaApplicationMachine, type ApplicationForm, type ApplyFailure, type VisaApplicationMachineInput } from '../../machines/visa-application';
import { PASSPORTS_UNACKNOWLEDGED } from '../../machines/passport-warning';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: every edit, upload outcome, submit, payment choice and every way the create call settles, from
 * every state; then the effects the page relies on (what is sent, where the browser goes, what is shown).
 */
type Snap = SnapshotFrom<typeof visaApplicationMachine>;
const CALLS = ['uploadDocument', 'createApplication'] as const;

const traveller = { ...blankTraveller(), title: 'Mr', first_name: 'Ali', last_name: 'Khan', dob: '1990-04-12', passport_no: 'AB1234567', passport_expiry: '2034-01-31' };
const doc = { file_name: `${'a'.repeat(32)}.pdf`, name: 'scan.pdf', mime: 'application/pdf' };
// Two travellers, the second with its documents already uploaded: the walk removes it rather than adding more
// (adding up to nine blank travellers would multiply the states without new transitions; tested below).
const second = { ...traveller, first_name: 'Sara', title: 'Mrs', documents: { passport: doc, photo: { ...doc, mime: 'image/png' } } };
const form: ApplicationForm = { travel_date: '', contact: { email: 'ali@example.com', phone: '+92 300 1234567', country: 'PK' }, travellers: [traveller, second] };
const input: VisaApplicationMachineInput = { visa: { id: 7, title: 'UAE Tourist Visa', price: { amount: '15000.00', currency: 'PKR' } }, role: 'agent', today: '2026-11-25', form };
const file = new File(['%PDF'], 'scan.pdf');
const application = (status: 'pending_payment' | 'submitted', checkout?: string) => ({ id: 1, reference: 'VA-26-000001', status, payment: { method: checkout ? 'card' : 'wallet', status: checkout ? 'pending' : 'paid', ...(checkout ? { checkout_url: checkout } : {}) } });
const refusedType: ApplyFailure = { notice: { status: 'error', text: 'The file must be an image (JPEG, PNG, WebP, GIF) or a PDF.' }, fieldErrors: { file: 'The file must be an image (JPEG, PNG, WebP, GIF) or a PDF.' }, code: 'invalid' };
const insufficient: ApplyFailure = { notice: { status: 'error', text: 'Insufficient Balance' }, fieldErrors: {}, code: 'insufficient_balance' };
const fieldRefusal: ApplyFailure = { notice: { status: 'error', text: 'The given data was invalid.' }, fieldErrors: { 'travellers.0.passport_expiry': 'The passport must be valid on the last travel date.' }, code: 'invalid' };

const EVENTS: AnyEventObject[] = [
  { type: 'SET', path: 'travel_date', value: '' }, { type: 'SET', path: 'travel_date', value: '2026-12-20' },
  { type: 'REMOVE_TRAVELLER', index: 1 },
  { type: 'UPLOAD', index: 0, kind: 'passport', file }, { type: 'UPLOAD', index: 0, kind: 'photo', file }, { type: 'UPLOAD', index: 5, kind: 'photo', file },
  done('uploadDocument', doc), fail('uploadDocument', refusedType),
  { type: 'SUBMIT' }, { type: 'BACK' }, { type: 'RETRY' },
  { type: 'CONFIRM', method: 'card', idempotencyKey: 'key-1' }, { type: 'CONFIRM', method: 'wallet', idempotencyKey: 'key-2' },
  done('createApplication', application('pending_payment', 'http://pay.test/sandbox/pay/trk_1')), done('createApplication', application('submitted')),
  // Created with nothing to pay at a checkout: its page shows where it stands.
  done('createApplication', application('pending_payment')),
  fail('createApplication', insufficient), fail('createApplication', fieldRefusal), fail('createApplication', new Error('offline')),
];

const serializeState = (s: Snap) => {
  const c = s.context;
  const docs = c.form.travellers.map((t) => Object.entries(t.documents).filter(([, d]) => d).map(([k]) => k[1]).join('')).join('|');
  return `${JSON.stringify(s.value)} docs=${docs} date=${c.form.travel_date || '-'} valid=${Object.keys(applicationFormErrors(c)).length === 0} errors=${Object.keys(c.fieldErrors).length} up=${c.uploading?.kind ?? '-'} method=${c.method} app=${c.application?.status ?? '-'}`;
};

describe('visa application machine', () => {
  // Field messages and keys differ between paths to the same state without changing any transition: states compared, not contexts (as hotel-booking).
  const model = modelOf(visaApplicationMachine, { events: EVENTS, serializeState, calls: CALLS, input, compareContext: false });
  it('reaches every state node', () => {
    for (const v of ['editing', 'uploading', 'review', 'applying', 'insufficientBalance', 'applyFailed', 'redirecting', 'submitted']) expect(model.reached, v).toContain(v);
  });
  testEveryTransition(model);
});

describe('visa application machine: effects', () => {
  const ready = async () => {
    const h = liveActor(visaApplicationMachine, CALLS, input);
    await h.step({ type: 'SET', path: 'travel_date', value: '2026-12-20' });
    for (const kind of ['passport', 'photo']) {
      await h.step({ type: 'UPLOAD', index: 0, kind, file });
      await h.step(done('uploadDocument', { ...doc, file_name: `${kind[0].repeat(32)}.pdf` }));
    }
    return h;
  };

  it('refuses to leave the form with the server\'s words under each field, and clears a message as its field is fixed', async () => {
    const h = liveActor(visaApplicationMachine, CALLS, input);
    await h.step({ type: 'SUBMIT' });
    expect(h.snapshot().value).toBe('editing');
    expect(h.snapshot().context.fieldErrors).toMatchObject({ travel_date: 'Enter the travel date as YYYY-MM-DD.', 'travellers.0.documents.passport': 'Upload this document.' });
    await h.step({ type: 'SET', path: 'travel_date', value: '2034-02-10' });
    expect(h.snapshot().context.fieldErrors.travel_date).toBeUndefined();
    await h.step({ type: 'SUBMIT' });
    expect(h.snapshot().context.fieldErrors['travellers.0.passport_expiry']).toBe('The passport must be valid on the last travel date.');
  });

  it('asks for a title, and for a passport that runs out within six months of travel, that the applicant checked the rules', async () => {
    const h = await ready();
    await h.step({ type: 'SET', path: 'travellers.0.title', value: '' });
    await h.step({ type: 'SET', path: 'travellers.0.passport_expiry', value: '2027-03-01' });
    await h.step({ type: 'SUBMIT' });
    expect(h.snapshot().context.fieldErrors).toEqual({ 'travellers.0.title': 'Title is required.', passports_acknowledged: PASSPORTS_UNACKNOWLEDGED });
    await h.step({ type: 'SET', path: 'travellers.0.title', value: 'Ms' });
    await h.step({ type: 'ACKNOWLEDGE_PASSPORTS', value: true });
    expect(h.snapshot().context.fieldErrors).toEqual({});
    await h.step({ type: 'SUBMIT' });
    expect(h.snapshot().value).toBe('review');
    // The confirmation is not sent: it is the applicant's answer to a warning, not part of the application.
    await h.step({ type: 'CONFIRM', method: 'card', idempotencyKey: 'k-9' });
    expect(Object.keys(h.calls.at(-1)!.input as object)).not.toContain('passports_acknowledged');
  });

  it('adds travellers up to nine and removes any but the last one', async () => {
    const h = liveActor(visaApplicationMachine, CALLS, input);
    for (let i = 0; i < 10; i++) await h.step({ type: 'ADD_TRAVELLER' });
    expect(h.snapshot().context.form.travellers).toHaveLength(9);
    for (let i = 0; i < 10; i++) await h.step({ type: 'REMOVE_TRAVELLER', index: 0 });
    expect(h.snapshot().context.form.travellers).toHaveLength(1);
  });

  it('an upload refused by content shows the server\'s message under that document and keeps the rest', async () => {
    const h = liveActor(visaApplicationMachine, CALLS, input);
    await h.step({ type: 'UPLOAD', index: 0, kind: 'photo', file });
    expect(h.calls).toEqual([{ id: 'uploadDocument', input: { file } }]);
    await h.step(fail('uploadDocument', refusedType));
    expect(h.snapshot().context.fieldErrors).toEqual({ 'travellers.0.documents.photo': refusedType.fieldErrors.file });
    expect(h.snapshot().context.form.travellers[0].first_name).toBe('Ali');
  });

  it('card: sends the documents by their stored names and leaves for the checkout', async () => {
    const h = await ready();
    await h.step({ type: 'SUBMIT' });
    await h.step({ type: 'CONFIRM', method: 'card', idempotencyKey: 'k-1' });
    const sent = h.calls.at(-1) as { id: string; input: { visa_id: number; payment_method: string; idempotencyKey: string; travellers: { documents: object }[] } };
    expect(sent).toMatchObject({ id: 'createApplication', input: { visa_id: 7, payment_method: 'card', idempotencyKey: 'k-1' } });
    expect(sent.input.travellers.map((t) => t.documents)).toEqual([{ passport: `${'p'.repeat(32)}.pdf`, photo: `${'p'.repeat(32)}.pdf` }, { passport: doc.file_name, photo: doc.file_name }]);
    await h.step(done('createApplication', application('pending_payment', 'http://pay.test/x')));
    expect(h.emitted.at(-1)).toEqual({ type: 'redirect', url: 'http://pay.test/x' });
  });

  it('wallet: "Insufficient Balance" waits for another choice; paid, the application opens; a customer cannot choose the wallet', async () => {
    const h = await ready();
    await h.step({ type: 'SUBMIT' });
    await h.step({ type: 'CONFIRM', method: 'wallet', idempotencyKey: 'k-2' });
    await h.step(fail('createApplication', insufficient));
    expect(h.snapshot().value).toBe('insufficientBalance');
    await h.step({ type: 'BACK' });
    await h.step({ type: 'CONFIRM', method: 'wallet', idempotencyKey: 'k-2' });
    await h.step(done('createApplication', application('submitted')));
    expect(h.emitted.at(-1)).toEqual({ type: 'navigate', to: '/visa-application?reference=VA-26-000001' });
    const customer = liveActor(visaApplicationMachine, CALLS, { ...input, role: 'customer', form: h.snapshot().context.form });
    await customer.step({ type: 'SUBMIT' });
    await customer.step({ type: 'CONFIRM', method: 'wallet', idempotencyKey: 'k-3' });
    expect(customer.snapshot().value).toBe('review');
  });
});
