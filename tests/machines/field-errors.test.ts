import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { changedBetween, followFields, recheck, valueAt } from '../../machines/field-errors';
import { resourceFormMachine } from '../../machines/resource-form';

/** Messages that follow their field: shown after a submit, each kept only while it is still true. */
const check = (f: { name: string; email: string }) => ({
  ...(f.name ? {} : { name: 'Name is required.' }),
  ...(/^\S+@\S+$/.test(f.email) ? {} : { email: f.email ? 'Enter a valid email address.' : 'Email is required.' }),
});

describe('field messages', () => {
  const blank = { name: '', email: '' };
  const shown = check(blank);

  it('a message goes once its field is right, changes while still wrong, and none appears before the next submit', () => {
    const typed = { name: 'Sara', email: 'sara' };
    expect(recheck(shown, blank, typed, check)).toEqual({ email: 'Enter a valid email address.' });
    expect(recheck({ email: 'Enter a valid email address.' }, typed, { ...typed, email: 'sara@example.com' }, check)).toEqual({});
    // The name was right and is emptied again: it waits for the next submit to say so.
    expect(recheck({}, typed, { ...typed, name: '' }, check)).toEqual({});
  });

  it("a server's message stays while its field is as sent and goes once it changes", () => {
    const sent = { name: 'Sara', email: 'taken@example.com' };
    const server = { email: 'This email is already registered.' };
    expect(recheck(server, sent, { ...sent, name: 'Sarah' }, check)).toEqual(server);
    expect(recheck(server, sent, { ...sent, email: 'other@example.com' }, check)).toEqual({});
  });

  it('reads values by the request\'s paths, lists included', () => {
    const form = { travellers: [{ title: 'Mr' }], contact: { email: 'a@b.co' } };
    expect(valueAt(form, 'travellers.0.title')).toBe('Mr');
    expect(valueAt(form, 'travellers.1.title')).toBeUndefined();
    const changed = changedBetween(form, { ...form, travellers: [{ title: 'Mrs' }] });
    expect(changed('travellers.0.title')).toBe(true);
    expect(changed('contact.email')).toBe(false);
    expect(followFields({ 'travellers.0.title': 'x', 'contact.email': 'y' }, { before: {}, after: {} }, changed)).toEqual({ 'contact.email': 'y' });
  });
});

describe('resource form: messages follow their field', () => {
  const refused = { notice: null, fieldErrors: { name: 'Name is required.', 'passengers.0.title': 'Choose a title.', email: 'Email is taken.' } };
  async function refusedForm() {
    const machine = resourceFormMachine.provide({ actors: { validate: fromPromise<unknown, Record<string, unknown>>(async () => { throw refused; }) } });
    const actor = createActor(machine, { input: { values: { name: '', email: 'a@b.co', passengers: [{ title: '' }] } } }).start();
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0, { timeout: 1_000 });
    return actor;
  }

  it('with the screen\'s check: a message stays while wrong and goes once right, whichever field changed', async () => {
    const actor = await refusedForm();
    actor.send({ type: 'SET', field: 'name', value: ' ', check: { before: { name: 'Name is required.', 'passengers.0.title': 'Choose a title.' }, after: { name: 'Use letters only.', 'passengers.0.title': 'Choose a title.' } } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'Use letters only.', 'passengers.0.title': 'Choose a title.', email: 'Email is taken.' });
    actor.send({ type: 'SET', field: 'passengers', value: [{ title: 'Ms' }], check: { before: { name: 'Use letters only.', 'passengers.0.title': 'Choose a title.' }, after: { name: 'Use letters only.' } } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'Use letters only.', email: 'Email is taken.' });
  });

  it('without it: a changed field\'s message goes, a list\'s with it, and the others stay', async () => {
    const actor = await refusedForm();
    actor.send({ type: 'SET', field: 'passengers', value: [{ title: 'Ms' }] });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'Name is required.', email: 'Email is taken.' });
  });
});
