import { describe, expect, it } from 'vitest';
import { admits, keep } from '../../server/suppliers/flight/search';
import { mulberry32 } from '../../server/suppliers/flight/prng';

/** The pairings the beam keeps when offered `items` one at a time. */
function kept<T extends { value: number; price: number }>(items: T[], k: number): T[] {
  const out: T[] = [];
  for (const it of items) if (admits(out, k, it.value, it.price)) keep(out, k, it);
  return out;
}

describe('admits and keep (the beam of combined journeys)', () => {
  it('keeps what a stable sort by value, then price, puts first, ties in their order, for any size and order', () => {
    const rnd = mulberry32(42);
    for (let round = 0; round < 300; round++) {
      const n = Math.floor(rnd() * 120), k = 1 + Math.floor(rnd() * 70);
      // Few distinct values and prices, so ties are common; `id` tells equal items apart.
      const items = Array.from({ length: n }, (_, id) => ({ id, value: Math.floor(rnd() * 8), price: Math.floor(rnd() * 4) }));
      const expected = [...items].sort((a, b) => a.value - b.value || a.price - b.price).slice(0, k).map((x) => x.id);
      expect(kept([...items], k).map((x) => x.id), `n ${n} k ${k}`).toEqual(expected);
    }
  });
});
