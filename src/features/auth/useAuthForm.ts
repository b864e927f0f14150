import { useEffect } from 'react';
import { sendAuth, useAuthContext } from '../../app/auth';

/**
 * What every auth form needs from the machine: a clean slate on arrival (no messages left over from
 * another form), the loading flag and server messages, and cancelling the call when the screen is left.
 */
export function useAuthForm() {
  const ctx = useAuthContext();
  useEffect(() => {
    sendAuth({ type: 'CLEAR' });
    return () => sendAuth({ type: 'CANCEL' });
  }, []);
  return { isLoading: ctx.isLoading, serverErrors: ctx.validationMessages, outcome: ctx.outcome };
}
