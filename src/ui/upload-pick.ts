import { useState } from 'react';
import { notifyFileError } from './toast';

/**
 * A file field uploads the file at once when it is picked: busy meanwhile, then the stored name handed on, or the
 * server's refusal (toasted too) kept to show under the field.
 */
export function useUploadPick(upload: (file: File) => Promise<string>, onChange: (fileName: string) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      onChange(await upload(file));
    } catch (err) {
      setError(notifyFileError(err));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, pick };
}
