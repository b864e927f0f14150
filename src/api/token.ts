const TOKEN_KEY = 'access_token';

/** The access token kept locally. Storage can be unavailable (private mode): never throw. */
export const accessToken = {
  get: (): string | null => safe(() => localStorage.getItem(TOKEN_KEY)),
  set: (token: string) => void safe(() => localStorage.setItem(TOKEN_KEY, token)),
  clear: () => void safe(() => localStorage.removeItem(TOKEN_KEY)),
};

function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}
