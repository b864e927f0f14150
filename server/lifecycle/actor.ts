import type { SessionUser } from '../context';

/** Who changes a booking: a user, a guest (by reference and email), the payment provider, or the system (jobs). */
export type Actor = { kind: 'user'; user: SessionUser } | { kind: 'guest' } | { kind: 'payment' } | { kind: 'system' };
export const actorOf = (user: SessionUser | null): Actor => (user ? { kind: 'user', user } : { kind: 'guest' });

/** How an actor is stored beside a step: the user's id, and its role or the kind of actor. */
export const storedActor = (actor: Actor) => ({
  actorId: actor.kind === 'user' ? actor.user.id : null,
  actorKind: actor.kind === 'user' ? actor.user.role : actor.kind,
});
