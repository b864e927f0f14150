/**
 * Messages that follow their field: once a form has been submitted and its messages shown, each change checks the
 * form again and every shown message is kept only while it is still true. A field that became right loses its
 * message at once, one still wrong shows its current message (a "required" becomes "use letters only"), and a
 * field nobody touched shows nothing new until the next submit (no message appears while the user is typing).
 *
 * A message the client's check gave (`before`) goes as soon as that check no longer gives it, whichever field
 * the change was made in (a gender chosen to agree with the title clears the title's message). A message only the
 * server could give (a reference already used) stays until its own field changes.
 */
import type * as v from 'valibot';

export type FieldErrors = Record<string, string>;

/** A schema's issues added to `into` under a path prefix ("travellers.0" + "dob"), the first message per field kept. */
export function issuesAt(into: FieldErrors, prefix: string, issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  for (const issue of issues) {
    const rest = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    into[rest ? `${prefix}.${rest}` : prefix] ??= issue.message;
  }
  return into;
}

export function followFields(shown: FieldErrors, check: { before: FieldErrors; after: FieldErrors }, changed: (path: string) => boolean): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(shown)) {
    const now = check.after[path];
    if (now) out[path] = now;
    else if (!check.before[path] && !changed(path)) out[path] = message;
  }
  return out;
}

/** The value at a field path ("travellers.0.title") of a form, undefined where the path leads nowhere. */
export function valueAt(form: unknown, path: string): unknown {
  let at: unknown = form;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** Whether a field path's value differs between two versions of a form (compared as data, so arrays and objects count by content). */
export const changedBetween = (before: unknown, after: unknown) => (path: string) =>
  JSON.stringify(valueAt(before, path) ?? null) !== JSON.stringify(valueAt(after, path) ?? null);

/** The messages after a form changed from `before` to `after`, given the check that produced them. */
export function recheck<F>(shown: FieldErrors, before: F, after: F, check: (form: F) => FieldErrors): FieldErrors {
  if (!Object.keys(shown).length) return shown;
  return followFields(shown, { before: check(before), after: check(after) }, changedBetween(before, after));
}
