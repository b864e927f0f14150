import { describe, expect, it } from 'vitest';
import { flightBookingMachine } from '../../machines/flight-booking';
import { authMachine } from '../../machines/auth';
import { StateMachine } from 'xstate';
import { activeNodes, edgeLabel, eventsOf, statesOf, takenKeys, toGraph } from '../../src/features/flows/graph';
import { shortestPathTo, shortestPaths } from '../../src/features/flows/paths';
import { MACHINES } from '../../src/features/flows/catalogue';

describe('toGraph on the flight booking machine', () => {
  const g = toGraph(flightBookingMachine);
  const id = (key: string) => `flightBooking.${key}`;

  it('has every state, the initial one marked', () => {
    expect(statesOf(g).filter((n) => n.parent === g.root).map((n) => n.key)).toEqual(Object.keys(flightBookingMachine.root.states));
    expect(g.nodes[id('passengers')]!.children).toContain(id('passengers.loadingSaved'));
    expect(g.nodes[g.root]!.initial).toBe(id('boot'));
    expect(g.nodes[id('boot')]!.isInitial).toBe(true);
    expect(g.nodes[id('search')]!.isInitial).toBe(false);
  });

  it('lists invoked actors on their states', () => {
    expect(g.nodes[id('searching')]!.invokes).toEqual([{ id: 'searchFlights', src: 'searchFlights' }]);
    expect(g.nodes[id('search')]!.invokes).toEqual([]);
  });

  it('draws each transition with its event, guard and actions', () => {
    const filter = g.edges.find((e) => e.source === id('results') && e.event === 'FILTER')!;
    expect(filter).toMatchObject({ target: id('results'), actions: ['debounceFilters'] });
    expect(edgeLabel(filter)).toBe('FILTER / debounceFilters');
    const done = g.edges.filter((e) => e.source === id('searching') && e.event === 'xstate.done.actor.searchFlights');
    expect(done.map((e) => [e.target, e.guard])).toEqual([[id('results'), 'hasFlights'], [id('noResults'), null]]);
    expect(edgeLabel(done[0]!)).toBe('done: searchFlights [hasFlights] / setResults');
    expect(g.edges.filter((e) => e.source === id('boot')).map(edgeLabel)).toEqual(['always [hasTracker]', 'always']);
  });

  it('names the events a user sends, not the built-in ones', () => {
    expect(eventsOf(g)).toContain('SUBMIT_PASSENGERS');
    expect(eventsOf(g).some((e) => e.startsWith('xstate.'))).toBe(false);
  });

  it('finds the shortest event sequence to a state', () => {
    const events = shortestPathTo(g, id('review'))!.map((s) => s.event);
    // The fastest way to the passenger form: open an offer's page straight from a link.
    expect(events[0]).toBe('VIEW_OFFER');
    expect(events.at(-1)).toBe('SUBMIT_PASSENGERS');
    expect(events).toContain('xstate.done.actor.loadOffer');
    expect(shortestPathTo(g, id('boot'))).toEqual([]);
  });

  it('reaches every state', () => {
    const all = shortestPaths(g);
    for (const n of statesOf(g)) expect(shortestPathTo(g, n.id, all), n.id).not.toBeNull();
  });
});

describe('toGraph on the nested auth machine', () => {
  const g = toGraph(authMachine);

  it('keeps compound states with their children and initial child', () => {
    const signedIn = g.nodes['auth.ready.signedIn']!;
    expect(signedIn.type).toBe('compound');
    expect(signedIn.parent).toBe('auth.ready');
    expect(signedIn.children).toContain('auth.ready.signedIn.staff');
    expect(g.nodes['auth.ready']!.initial).toBe('auth.ready.anonymous');
  });

  it('paths into a nested state enter its ancestors', () => {
    const steps = shortestPathTo(g, 'auth.ready.signedIn.staff.accounts')!;
    expect(steps.at(-1)).toMatchObject({ guard: 'isAccounts', to: 'auth.ready.signedIn.staff.accounts' });
  });
});

describe('the catalogue', () => {
  it('loads every machine it lists', async () => {
    for (const entry of MACHINES) {
      const g = toGraph(await entry.load());
      expect(statesOf(g).length, entry.id).toBeGreaterThan(1);
    }
  });
});

describe('names shared with the coverage recorder', () => {
  const g = toGraph(authMachine);

  it('turns a snapshot value into its active state ids, root first', () => {
    expect(activeNodes(g, { ready: { signedIn: { staff: 'accounts' } } })).toEqual(['auth', 'auth.ready', 'auth.ready.signedIn', 'auth.ready.signedIn.staff', 'auth.ready.signedIn.staff.accounts']);
    expect(activeNodes(g, 'fetchingUser')).toEqual(['auth', 'auth.fetchingUser']);
  });

  it('keys a transition XState took as toGraph keys its edge', () => {
    const f = toGraph(flightBookingMachine);
    const boot = flightBookingMachine.root.states.boot!;
    const keys = boot.always!.flatMap((t) => takenKeys(t));
    expect(keys).toEqual(f.edges.filter((e) => e.source === 'flightBooking.boot').map((e) => e.key));
    expect(keys[0]).toBe('flightBooking.boot always [hasTracker] -> flightBooking.checkingPayment');
  });
});

describe('every machine is in the catalogue', () => {
  it('lists each machine exported from machines/', async () => {
    const modules = import.meta.glob<Record<string, unknown>>('../../machines/*.ts');
    const ids = new Set(await Promise.all(MACHINES.map(async (m) => (await m.load()).id)));
    for (const [file, load] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(await load())) {
        if (value instanceof StateMachine) expect(ids.has(value.id), `${file}: ${name} needs an entry in src/features/flows/catalogue.ts`).toBe(true);
      }
    }
  });
});
