import { describe, expect, it } from 'vitest';
import { M } from '../../contract/fields';
import { BM } from '../../contract/bookings';
import type { FlightBookingInput } from '../../machines/flight-booking';
import { formForOffer, MARKUP_INVALID, PASSPORTS_UNACKNOWLEDGED, type PaxField } from '../../machines/flight-passengers';
import { done } from '../support/model';
import { ALL_EVENTS, harness, offerFixture, pax, resultsFixture, savedTraveller, TODAY } from './flight-booking-harness';

/**
 * The flight checkout's passenger form, held by the booking machine: nothing assumed (no title, no gender), the
 * server's rules checked before sending, messages that follow their field, and the passport that runs out within
 * six months of the last flight (the fixture offer lands on 2030-01-10) allowed only once the user says they know.
 */
const ev = (type: string) => ALL_EVENTS.find((e) => e.type === type)!;
const submit = { type: 'SUBMIT_PASSENGERS', idempotencyKey: 'key-00000002', today: TODAY };

async function atPassengers(input: FlightBookingInput = { role: 'guest' }) {
  const h = harness(input);
  for (const e of [ev('SEARCH'), done('searchFlights', resultsFixture), ev('SELECT'), done('loadOffer', offerFixture)]) await h.step(e);
  if (input.role === 'agent') await h.step(done('loadSavedTravellers', [savedTraveller]));
  expect(h.snapshot().value).toEqual({ passengers: 'ready' });
  const set = async (field: PaxField, value: string, index = 0) => h.step({ type: 'SET_PASSENGER', index, field, value });
  const fill = async () => {
    for (const [field, value] of Object.entries(pax)) if (field !== 'type') await set(field as PaxField, value);
    await h.step({ type: 'SET_CONTACT', field: 'email', value: 'g@example.com' });
    await h.step({ type: 'SET_CONTACT', field: 'phone', value: '+923001234567' });
  };
  return { h, set, fill, form: () => h.snapshot().context.passengerForm!, errors: () => h.snapshot().context.fieldErrors };
}

describe('flight passenger form', () => {
  it('starts with no title and no gender, one passenger a seat; a submit without them says so under each field', async () => {
    const { h, form, errors } = await atPassengers();
    expect(form().travellers).toEqual([{ type: 'ADT', title: '', first_name: '', last_name: '', gender: '', dob: '', nationality: 'PK', document_type: 'passport', document_no: '', expiry_date: '', issue_country: 'PK' }]);
    await h.step(submit);
    expect(h.snapshot().matches('passengers')).toBe(true);
    expect(errors()).toMatchObject({ 'travellers.0.title': M.title, 'travellers.0.gender': M.gender, 'travellers.0.first_name': M.firstName, 'main_contact.email': BM.contactEmail });
    expect(h.calls.filter((c) => c.id === 'createBooking')).toHaveLength(0);
  });

  it('offers the titles of the chosen gender: a title sets the gender, a gender sets the one title that fits or none', async () => {
    const { set, form } = await atPassengers();
    await set('gender', 'F');
    expect(form().travellers[0]).toMatchObject({ gender: 'F', title: '' });
    await set('title', 'Mr');
    expect(form().travellers[0]).toMatchObject({ gender: 'M', title: 'Mr' });
    await set('gender', 'F');
    expect(form().travellers[0]).toMatchObject({ gender: 'F', title: '' });
    await set('title', 'Mrs');
    expect(form().travellers[0]).toMatchObject({ gender: 'F', title: 'Mrs' });
  });

  it('a shown message goes as soon as its field is right, changes while it is still wrong, and no new one shows before the next submit', async () => {
    const { h, set, errors } = await atPassengers();
    await h.step(submit);
    expect(errors()['travellers.0.first_name']).toBe(M.firstName);
    await set('first_name', 'Sara1');
    expect(errors()['travellers.0.first_name']).toBe('Use letters only.');
    await set('first_name', 'Sara');
    expect(errors()['travellers.0.first_name']).toBeUndefined();
    // A message of the title follows a change of the gender too (the title rule reads both).
    await set('title', 'Mrs');
    expect(errors()['travellers.0.title']).toBeUndefined();
    expect(errors()['travellers.0.gender']).toBeUndefined();
    // Emptied again: the field was right, so it waits for the next submit to say so.
    await set('first_name', '');
    expect(errors()['travellers.0.first_name']).toBeUndefined();
    await h.step(submit);
    expect(errors()['travellers.0.first_name']).toBe(M.firstName);
  });

  it('refuses a passport that expires before the last flight and an adult under 12 on the travel date', async () => {
    const { h, set, fill, errors } = await atPassengers();
    await fill();
    await set('expiry_date', '2030-01-09');
    await set('dob', '2020-01-01');
    await h.step(submit);
    expect(errors()).toEqual({ 'travellers.0.expiry_date': BM.expiryBeforeTravel, 'travellers.0.dob': BM.ageADTOnTravel });
    await set('dob', TODAY);
    expect(errors()['travellers.0.dob']).toBe(BM.dobFuture);
  });

  it('a passport that runs out within six months of the last flight is booked only once the user says they checked', async () => {
    const { h, set, fill, errors } = await atPassengers();
    await fill();
    await set('expiry_date', '2030-07-09');
    await h.step(submit);
    expect(h.snapshot().matches('passengers')).toBe(true);
    expect(errors()).toEqual({ passports_acknowledged: PASSPORTS_UNACKNOWLEDGED });
    await h.step({ type: 'ACKNOWLEDGE_PASSPORTS', value: true });
    expect(errors()).toEqual({});
    await h.step(submit);
    expect(h.snapshot().value).toBe('review');
    // Six months and a day is enough: no question asked.
    await h.step({ type: 'BACK' });
    await set('expiry_date', '2030-07-10');
    await h.step({ type: 'ACKNOWLEDGE_PASSPORTS', value: false });
    await h.step(submit);
    expect(h.snapshot().value).toBe('review');
  });

  it('a valid form goes to the review as the request takes it: trimmed, in capitals, markup only for agents', async () => {
    const { h, set, fill } = await atPassengers();
    await fill();
    await set('first_name', '  Ali ');
    await set('document_no', 'ab1234567');
    await h.step({ type: 'SET_MARKUP', value: '900' });
    await h.step(submit);
    const c = h.snapshot().context;
    expect(c.travellers).toEqual([{ ...pax, first_name: 'Ali' }]);
    expect(c.contact).toEqual({ email: 'g@example.com', phone: '+923001234567', country: 'PK' });
    expect(c.agentMarkup).toBeNull();
    expect(c.today).toBe(TODAY);
  });

  it("an agent fills a passenger from a saved traveller, and a markup that is not an amount is refused", async () => {
    const { h, fill, form, errors } = await atPassengers({ role: 'agent' });
    await fill();
    await h.step({ type: 'USE_SAVED', index: 0, id: savedTraveller.id });
    expect(form().travellers[0]).toMatchObject({ type: 'ADT', title: 'Mrs', first_name: 'Sara', gender: 'F', document_no: 'CD7654321' });
    await h.step({ type: 'SET_MARKUP', value: 'lots' });
    await h.step(submit);
    expect(errors()).toEqual({ agent_markup: MARKUP_INVALID });
    await h.step({ type: 'SET_MARKUP', value: '1500.00' });
    expect(errors()).toEqual({});
    await h.step(submit);
    expect(h.snapshot().context.agentMarkup).toBe('1500.00');
  });

  it('a form made for another offer keeps each passenger whose type is the same', () => {
    const family = { ...offerFixture, passengers: { adults: 1, children: 1, infants: 0 } };
    const one = formForOffer(offerFixture, null);
    const typed = { ...one, travellers: [{ ...one.travellers[0], first_name: 'Ali' }], passports_acknowledged: true };
    const two = formForOffer(family, typed);
    expect(two.travellers.map((p) => [p.type, p.first_name])).toEqual([['ADT', 'Ali'], ['CNN', '']]);
    expect(two.passports_acknowledged).toBe(false);
  });
});
