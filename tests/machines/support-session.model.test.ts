import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { supportSessionMachine } from '../../machines/support-session';
import { supportFollowMachine } from '../../machines/support-follow';
import type { FollowedSession, MySupportSession, SupportEventsPage, SupportMessage } from '../../contract/support-sessions';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: both sides of a support session, walked with every event and every way each call settles; then the
 * effects (what the user is told, what the analyst keeps).
 */
const failure = { notice: { status: 'error', text: 'No support session has this code.' }, fieldErrors: { code: 'No support session has this code.' } };
const mine = (status: MySupportSession['status'], ended: MySupportSession['ended'] = null): MySupportSession => ({ code: 'K7M4QP', status, expires_at: '2026-11-29T12:30:00.000Z', ended });

describe('support session (the user)', () => {
  type Snap = SnapshotFrom<typeof supportSessionMachine>;
  const CALLS = ['resume', 'start', 'waitForJoin', 'relay', 'end'] as const;
  const EVENTS: AnyEventObject[] = [
    done('resume', mine('waiting')), done('resume', mine('joined')), done('resume', mine('ended', 'expired')), done('resume', null), fail('resume', new Error('offline')),
    { type: 'START' }, { type: 'END' }, { type: 'DISMISS' },
    done('start', mine('waiting')), fail('start', failure),
    done('waitForJoin', mine('joined')), done('waitForJoin', mine('ended', 'expired')), fail('waitForJoin', new Error('offline')),
    done('relay', mine('ended', 'analyst')), fail('relay', new Error('offline')),
    done('end', mine('ended', 'user')), fail('end', new Error('offline')),
  ];
  const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.session?.status ?? null, s.context.session?.ended ?? null, !!s.context.failure]);
  describe.each([['in a new tab', { resume: false }], ['in a tab that had one open', { resume: true }]])('opened %s', (_, input) => {
    const model = modelOf(supportSessionMachine, { events: EVENTS, serializeState, calls: CALLS, input });
    it('reaches its states', () => {
      for (const v of [...(input.resume ? ['resuming'] : []), 'idle', 'starting', '{"open":"waiting"}', '{"open":"joined"}', 'ending', 'ended']) expect(model.reached, v).toContain(v);
    });
    testEveryTransition(model);
  });

  it('a reloaded tab picks its session up where it stands, and relays again once joined', async () => {
    const h = liveActor(supportSessionMachine, CALLS, { resume: true });
    expect(h.calls.map((c) => c.id)).toEqual(['resume']);
    await h.step(done('resume', mine('joined')));
    expect(h.snapshot().value).toEqual({ open: 'joined' });
    expect(h.calls.map((c) => c.id)).toEqual(['resume', 'relay']);
  });

  it('tells the user when support or time ended the session, not when they ended it themselves', async () => {
    const h = liveActor(supportSessionMachine, CALLS, { resume: false });
    await h.step({ type: 'START' });
    await h.step(done('start', mine('waiting')));
    await h.step(done('waitForJoin', mine('joined')));
    expect(h.calls.map((c) => c.id)).toEqual(['start', 'waitForJoin', 'relay']);
    await h.step(done('relay', mine('ended', 'analyst')));
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'info', key: 'support.endedBy.analyst' } }]);
    await h.step({ type: 'START' });
    await h.step(done('start', mine('waiting')));
    await h.step({ type: 'END' });
    expect(h.aborted).toEqual(['waitForJoin']);
    await h.step(done('end', mine('ended', 'user')));
    expect(h.emitted).toHaveLength(1);
  });

  it('a relay that fails closes the session on this side, saying it is over', async () => {
    const h = liveActor(supportSessionMachine, CALLS, { resume: false });
    await h.step({ type: 'START' });
    await h.step(done('start', mine('waiting')));
    await h.step(done('waitForJoin', mine('joined')));
    await h.step(fail('relay', new Error('offline')));
    expect(h.snapshot().value).toBe('ended');
    expect(h.snapshot().context.session).toMatchObject({ status: 'ended', ended: 'user' });
    await h.step({ type: 'DISMISS' });
    expect(h.snapshot().context.session).toBeNull();
  });
});

describe('support follow (the analyst)', () => {
  type Snap = SnapshotFrom<typeof supportFollowMachine>;
  const CALLS = ['join', 'poll', 'leave'] as const;
  const followed = (status: FollowedSession['status'], ended: FollowedSession['ended'] = null): FollowedSession => ({ id: 's1', user: { role: 'agent', name: 'B••• A•••' }, status, expires_at: '2026-11-29T12:30:00.000Z', ended });
  const message = (time: number): SupportMessage => ({ type: 'state', tab: 't', path: '/', actor: 'x:1', machine: 'flightBooking', time, event: null, value: 'idle', status: 'active' });
  const page = (status: FollowedSession['status'], seq: number, ended: FollowedSession['ended'] = null): SupportEventsPage => ({
    ...followed(status, ended), seq, events: seq ? [{ ...message(seq), seq }] : [],
  });
  const EVENTS: AnyEventObject[] = [
    { type: 'JOIN', code: 'K7M4QP' }, { type: 'LEAVE' }, { type: 'DISMISS' },
    done('join', followed('joined')), fail('join', failure),
    done('poll', page('joined', 1)), done('poll', page('ended', 0, 'user')), fail('poll', new Error('offline')),
    done('leave', followed('ended', 'analyst')), fail('leave', new Error('offline')),
  ];
  // Messages pile up poll after poll: whether there are any is what the chart cares about.
  const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.session?.status ?? null, s.context.messages.length > 0, !!s.context.failure]);
  const model = modelOf(supportFollowMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches its states', () => {
    for (const v of ['idle', 'joining', 'following', 'leaving', 'ended']) expect(model.reached, v).toContain(v);
  });
  testEveryTransition(model);

  it('a refusal stays on the panel and nothing is kept; joined, it polls after the last message it has', async () => {
    const h = liveActor(supportFollowMachine, CALLS);
    await h.step({ type: 'JOIN', code: 'K7M4QP' });
    expect(h.calls[0]).toEqual({ id: 'join', input: { code: 'K7M4QP' } });
    await h.step(fail('join', failure));
    expect(h.snapshot().context).toMatchObject({ session: null, messages: [], failure });
    await h.step({ type: 'JOIN', code: 'K7M4QP' });
    expect(h.snapshot().context.failure).toBeNull();
    await h.step(done('join', followed('joined')));
    expect(h.calls.at(-1)).toEqual({ id: 'poll', input: { id: 's1', after: 0 } });
    await h.step(done('poll', page('joined', 3)));
    expect(h.calls.at(-1)).toEqual({ id: 'poll', input: { id: 's1', after: 3 } });
    expect(h.snapshot().context.messages).toEqual([message(3)]);
    await h.step(done('poll', page('ended', 0, 'user')));
    expect(h.snapshot().value).toBe('ended');
    expect(h.snapshot().context.session?.ended).toBe('user');
    expect(h.snapshot().context.messages).toHaveLength(1);
  });

  it('leaving stops the poll and ends the session', async () => {
    const h = liveActor(supportFollowMachine, CALLS);
    await h.step({ type: 'JOIN', code: 'K7M4QP' });
    await h.step(done('join', followed('joined')));
    await h.step({ type: 'LEAVE' });
    expect(h.aborted).toEqual(['poll']);
    expect(h.calls.at(-1)).toEqual({ id: 'leave', input: { id: 's1' } });
    await h.step(done('leave', followed('ended', 'analyst')));
    expect(h.snapshot().context.session?.ended).toBe('analyst');
  });
});
