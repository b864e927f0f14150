import { useEffect, useMemo } from 'react';
import { useMachine } from '../../app/actors';
import { crudListMachine, type CrudListInput, type CrudListEmitted } from '../../../machines/crud-list';
import { notify } from '../../ui/toast';
import { crudActors } from './api';

/** The CRUD list machine wired to a resource's calls; notices become toasts. */
export function useCrud(api: string | ReturnType<typeof crudActors>, update: 'PUT' | 'PATCH', input: CrudListInput, on?: (e: CrudListEmitted) => void) {
  const machine = useMemo(() => crudListMachine.provide({ actors: (typeof api === 'string' ? crudActors(api, update) : api) as never }), [api, update]);
  const [snapshot, send, actor] = useMachine(machine, { input });
  useEffect(() => {
    const sub = actor.on('*', (e) => {
      const ev = e as CrudListEmitted;
      if (ev.type === 'notify') notify(ev.notice);
      on?.(ev);
    });
    return () => sub.unsubscribe();
  }, [actor, on]);
  return [snapshot, send] as const;
}
