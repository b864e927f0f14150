/** The error body every failed API call answers with. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  request_id?: string;
}

/** Only the first message per field is shown: one thing to fix at a time. */
export function firstErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (messages.length > 0) out[field] = messages[0];
  }
  return out;
}
