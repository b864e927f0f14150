/**
 * What a machine hands to the UI to show as a toast. Fixed texts travel as i18n keys,
 * server texts as text (translated when we know them, escaped always).
 */
export interface Notice {
  status: 'success' | 'error' | 'warning' | 'info';
  key?: string;
  /** Interpolated into the text of `key` (a name, say). */
  values?: Record<string, string>;
  text?: string;
}

/** A failed call as actors throw it: the toast to show and the first message per field. */
export interface Failure {
  notice: Notice | null;
  fieldErrors: Record<string, string>;
}

export function isFailure(error: unknown): error is Failure {
  return typeof error === 'object' && error !== null && 'notice' in error && 'fieldErrors' in error;
}

/** Anything an actor threw, as a Failure: unknown errors become the generic "Something went wrong.". */
export function toFailure(error: unknown): Failure {
  if (isFailure(error)) return error;
  return { notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} };
}
