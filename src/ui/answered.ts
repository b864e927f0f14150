import { useState } from 'react';
import { changedBetween, followFields } from '../../machines/field-errors';

/**
 * The server's messages on a form whose values the screen holds: each is about what was sent, so it stays under
 * its field until that field is changed, and goes then (a form whose checks run on the client re-checks instead:
 * machines/field-errors.ts). `current` is the form as it is now; call `sending` with it when submitting.
 */
export function useAnsweredErrors(answered: Record<string, string>, current: unknown) {
  const [sent, setSent] = useState<{ values: unknown } | null>(null);
  const errors = sent ? followFields(answered, { before: {}, after: {} }, changedBetween(sent.values, current)) : answered;
  return { errors, sending: () => setSent({ values: current }) };
}
