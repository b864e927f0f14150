import type { User } from '../../contract/auth';

/** Only an agent who may use the agent area (verified and approved) has a wallet worth showing. */
export const showsWallet = (user: User | null | undefined): boolean =>
  !!user && user.role === 'agent' && user.is_approved === '1' && user.email_verified;
