import type * as v from 'valibot';

/**
 * A schema's issues as the first message per field (the only one a form shows). Apart from form.tsx, which
 * brings React Aria's fields: a screen that only checks a schema should not load them.
 */
export function firstIssues(issues: v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? '_';
    out[key] ??= issue.message;
  }
  return out;
}
