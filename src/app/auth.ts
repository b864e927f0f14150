import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import { authMachine, type AuthContext } from '../../machines/auth';
import { authActors } from '../features/auth/api';
import { createActor } from './actors';
import { notify } from '../ui/toast';

/**
 * The app-level auth actor: created once, started in main.tsx; views read it through the hooks below
 * and send it events. Its emitted navigate/notify events become history pushes and toasts here.
 */
export const authActor = createActor(authMachine.provide({ actors: authActors }));

authActor.on('navigate', (e) => navigate(e.to));
authActor.on('notify', (e) => notify(e.notice));

export const useAuthContext = (): AuthContext => useSelector(authActor, (s) => s.context);
export const useUser = () => useSelector(authActor, (s) => s.context.user);
/** True until the first "who am I" answer: the guard waits for it rather than guess. */
export const useAuthPending = (waits = true) => useSelector(authActor, (s) => waits && s.matches('fetchingUser') && !s.context.user);
export const sendAuth = authActor.send.bind(authActor);
