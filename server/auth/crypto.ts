import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const ARGON = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// Loaded at the first password a process hashes or checks: its native addon took ~30 ms of every start.
const argon2 = () => import('@node-rs/argon2');
export const hashPassword = async (password: string) => (await argon2()).hash(password, ARGON);
export const verifyPassword = (stored: string, password: string) => argon2().then((a) => a.verify(stored, password)).catch(() => false);

/** A verifier to burn the same time when the account does not exist, so timing does not reveal emails. */
let dummyHash: Promise<string> | undefined;
export const dummyVerify = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
};

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
