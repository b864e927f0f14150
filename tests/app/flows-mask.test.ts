import { describe, expect, it } from 'vitest';
import { MASK, mask } from '../../src/features/flows/live/mask';

/** What leaves an app tab for the live explorer: personal data masked, wherever it sits; the flow's facts kept. */
describe('mask', () => {
  it('hides names, contacts, documents and card data by field name', () => {
    const event = {
      type: 'SUBMIT_PASSENGERS',
      main_contact: { email: 'sara@example.com', phone: '+92 300 1234567', country: 'PK' },
      travellers: [{ type: 'ADT', title: 'Ms', first_name: 'Sara', last_name: 'Khan', dob: '1990-01-01', document_type: 'passport', document_no: 'AB1234567', expiry_date: '2030-01-01', nationality: 'PK' }],
      card: { number: '4242424242424242', cvc: '123' },
    };
    expect(mask(event)).toEqual({
      type: 'SUBMIT_PASSENGERS',
      main_contact: MASK,
      travellers: [{ type: 'ADT', title: 'Ms', first_name: MASK, last_name: MASK, dob: MASK, document_type: 'passport', document_no: MASK, expiry_date: MASK, nationality: 'PK' }],
      card: MASK,
    });
  });

  it('hides emails and long numbers found in any text, keeps search facts', () => {
    expect(mask({ type: 'LOGIN', login: 'a@b.co', note: 'call 0300 1234567', origin: 'KHI', adults: 2, airline_name: 'PIA' }))
      .toEqual({ type: 'LOGIN', login: MASK, note: MASK, origin: 'KHI', adults: 2, airline_name: 'PIA' });
  });

  it('hides what is typed into a personal field, named by the form event beside the value', () => {
    expect(mask({ type: 'SET', field: 'first_name', value: 'Sara' })).toEqual({ type: 'SET', field: 'first_name', value: MASK });
    expect(mask({ type: 'SET', path: 'travellers.0.passport_no', value: 'AB12' })).toEqual({ type: 'SET', path: 'travellers.0.passport_no', value: MASK });
    expect(mask({ type: 'SET_CONTACT', field: 'email', value: 'sara@exa' })).toEqual({ type: 'SET_CONTACT', field: 'email', value: MASK });
    expect(mask({ type: 'SET', path: 'contact.country', value: 'PK' })).toEqual({ type: 'SET', path: 'contact.country', value: 'PK' });
    expect(mask({ type: 'SAVE', cnic: '42101', whatsapp: '0300', street: 'Main', postcode: '7400' })).toEqual({ type: 'SAVE', cnic: MASK, whatsapp: MASK, street: MASK, postcode: MASK });
  });

  it('keeps errors as name and message, drops functions, bounds depth and lists', () => {
    const out = mask({ type: 'xstate.error.actor.x', error: new TypeError('offline'), f: () => 1, list: Array.from({ length: 25 }, (_, i) => i), deep: { a: { b: { c: { d: { e: 1 } } } } } }) as Record<string, unknown>;
    expect(out.error).toEqual({ name: 'TypeError', message: 'offline' });
    expect(out.f).toBeUndefined();
    expect((out.list as unknown[]).length).toBe(11);
    expect(JSON.stringify(out.deep)).toContain('…');
    expect(mask(new AbortController().signal)).toBe('[AbortSignal]');
  });
});
