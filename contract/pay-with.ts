/** Who takes a checkout's money: the card provider, or JazzCash (mobile wallet) where it is offered. */
export const PAY_WITH = ['card', 'jazzcash'] as const;
export type PayWith = (typeof PAY_WITH)[number];
