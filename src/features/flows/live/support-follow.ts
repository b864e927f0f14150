import { useSelector } from '@xstate/react';
import { supportFollowMachine } from '../../../../machines/support-follow';
import { createActor } from '../../../app/actors';
import { supportFollowActors } from './support-api';

/**
 * The explorer's support session (machines/support-follow.ts), one per tab, made when the explorer first opens: the
 * live panel joins and leaves it, and the live view shows its messages beside this browser's own tabs.
 */
let actor: ReturnType<typeof make> | null = null;
const make = () => createActor(supportFollowMachine.provide({ actors: supportFollowActors })).start();
export const supportFollowActor = () => (actor ??= make());

export const useSupportFollow = () => useSelector(supportFollowActor(), (s) => s);

/** A masked name set apart from the sentence around it, so "B••• A•••" keeps its order inside Arabic text. */
export const isolate = (text: string) => `\u2068${text}\u2069`;
