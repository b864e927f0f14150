import { useSelector } from '@xstate/react';
import { supportSessionMachine } from '../../../../machines/support-session';
import { createActor } from '../../../app/actors';
import { notify } from '../../../ui/toast';
import { supportSessionActors } from './support-api';

/**
 * The tab's one support session (machines/support-session.ts), created once: the account menu starts and ends it and
 * shows its code; it outlives the screens the user moves between, which is what the analyst follows. The tab notes
 * an open session in its session storage, so a reload picks it up again (and a tab without one asks nothing).
 */
const OPEN_KEY = 'safar-support-session';
const storage = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

export const supportSessionActor = createActor(supportSessionMachine.provide({ actors: supportSessionActors }), { input: { resume: storage()?.getItem(OPEN_KEY) === '1' } });
supportSessionActor.on('notify', (e) => notify(e.notice));
supportSessionActor.subscribe((s) => {
  if (s.matches('open')) storage()?.setItem(OPEN_KEY, '1');
  else if (!s.matches('start') && !s.matches('resuming')) storage()?.removeItem(OPEN_KEY);
});
supportSessionActor.start();

export const useSupportSession = () => useSelector(supportSessionActor, (s) => s);
export const sendSupport = supportSessionActor.send.bind(supportSessionActor);
