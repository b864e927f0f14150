import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { resourceListMachine } from '../../machines/resource-list';
import { recordMachine } from '../../machines/record';
import { decisionMachine } from '../../machines/decision';
import { resourceFormMachine } from '../../machines/resource-form';
import type { Failure } from '../../machines/notice';
import { done, fail, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: xstate/graph walks each generic machine with every UI event and every way each call settles;
 * each transition is taken once on a live actor and must land where the model says, with the same context.
 */
const bad: Failure = { notice: { status: 'error', text: 'Not allowed.' }, fieldErrors: { name: 'Required.' } };
const row = { id: 1, name: 'A' };
const ser = (s: { value: unknown; context: unknown }) => JSON.stringify([s.value, s.context]);

const CASES: [string, AnyStateMachine, string[], AnyEventObject[], unknown, string[]][] = [
  ['resource list', resourceListMachine, ['loadList', 'runAction'], [
    { type: 'RELOAD' }, { type: 'RETRY' }, { type: 'PAGE', page: 2 }, { type: 'SEARCH', q: 'x' }, { type: 'FILTER', filters: { s: 'p' } },
    { type: 'ACT', action: 'approve', item: row, confirm: true }, { type: 'ACT', action: 'suspend', item: row }, { type: 'DELETE', item: row },
    { type: 'CONFIRM' }, { type: 'CANCEL' },
    done('loadList', { data: [row], meta: { page: 1, per_page: 20, total: 1 } }), fail('loadList', bad),
    done('runAction', { message: 'Done' }), fail('runAction', bad),
  ], {}, ['loading', 'loadFailed', 'list', 'confirming', 'acting']],
  ['record', recordMachine, ['loadRecord', 'runAction'], [
    { type: 'RELOAD' }, { type: 'RETRY' }, { type: 'OPEN', id: 2 }, { type: 'ACT', action: 'resend', confirm: true }, { type: 'ACT', action: 'resend' }, { type: 'CONFIRM' }, { type: 'CANCEL' },
    done('loadRecord', row), fail('loadRecord', bad), done('runAction', { message: 'Sent' }), fail('runAction', bad),
  ], { id: 1 }, ['loading', 'loadFailed', 'shown', 'confirming', 'acting']],
  ['decision', decisionMachine, ['loadSubject', 'saveDecision'], [
    { type: 'APPROVE' }, { type: 'REJECT' }, { type: 'REASON', reason: '' }, { type: 'REASON', reason: 'No licence' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RETRY' },
    done('loadSubject', { status: 'pending' }), done('loadSubject', { status: 'approved' }), fail('loadSubject', bad),
    done('saveDecision', { message: 'Saved', subject: { status: 'approved' } }), fail('saveDecision', bad),
  ], { id: 3, notices: { approved: 'users.approved' }, label: 'Acme' }, ['loading', 'loadFailed', 'review', 'confirmingApproval', 'rejecting', 'saving', 'failed', 'decided', 'done']],
  ['resource form', resourceFormMachine, ['loadItem', 'validate', 'saveItem'], [
    { type: 'SET', field: 'name', value: 'B' }, { type: 'SUBMIT' }, { type: 'LEAVE', to: '/admin/banks' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RETRY' },
    done('loadItem', { name: 'A' }), fail('loadItem', bad), done('validate', { name: 'B' }), fail('validate', bad),
    done('saveItem', { message: 'Saved', data: { id: 1 } }), fail('saveItem', bad),
  ], { id: 1, values: { name: '' }, after: '/admin/banks' }, ['loading', 'loadFailed', 'editing', 'validating', 'saving', 'saved', 'confirmingLeave', 'left']],
  // A new item on a form that stays put after saving (a settings form, say).
  ['resource form, new and staying', resourceFormMachine, ['loadItem', 'validate', 'saveItem'], [
    { type: 'SET', field: 'name', value: 'B' }, { type: 'SUBMIT' }, { type: 'LEAVE', to: '/admin/banks' }, { type: 'CONFIRM' }, { type: 'CANCEL' },
    done('validate', { name: 'B' }), fail('validate', bad), done('saveItem', { message: 'Saved', data: { id: 1 } }), fail('saveItem', bad),
  ], { values: { name: '' } }, ['editing', 'validating', 'saving', 'confirmingLeave', 'left']],
];

describe.each(CASES)('%s machine', (_name, machine, calls, events, input, states) => {
  const model = modelOf(machine, { events, serializeState: ser as never, calls, input: input as never });
  it('reaches every state node', () => {
    for (const v of states) expect(model.reached, v).toContain(v);
  });
  testEveryTransition(model);
});

describe('resource form: typing while the item loads', () => {
  it('keeps what was typed over the loaded values, and counts it as a change', async () => {
    let arrive: (v: Record<string, unknown>) => void = () => {};
    const machine = resourceFormMachine.provide({ actors: { loadItem: fromPromise(() => new Promise<Record<string, unknown>>((r) => { arrive = r; })) } });
    const actor = createActor(machine, { input: { values: { type: 'markup', percent: '0' }, load: true } }).start();
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'SET', field: 'percent', value: '150' });
    expect(actor.getSnapshot().context.values).toEqual({ type: 'markup', percent: '150' });
    arrive({ type: 'discount', percent: '5' });
    const s = await waitFor(actor, (snap) => snap.matches('editing'), { timeout: 1_000 });
    expect(s.context.values).toEqual({ type: 'discount', percent: '150' });
    expect(s.context.initial).toEqual({ type: 'discount', percent: '5' });
  });
});
