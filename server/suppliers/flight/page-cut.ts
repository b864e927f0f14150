/**
 * The page of offers a search answers: the first `limit` in the asked order, plus each airline's cheapest offer
 * when it falls past them. The airline filter lists every airline with its lowest fare, so that fare has to be in
 * the answer beside it (and inside the price slider's range, which spans the answer's prices).
 */
export function pageKeepingEachCheapest<T>(sorted: T[], limit: number, airlineOf: (o: T) => string | number, priceOf: (o: T) => number): T[] {
  if (sorted.length <= limit) return sorted;
  const cheapest = new Map<string | number, { at: number; price: number }>();
  sorted.forEach((o, at) => {
    const airline = airlineOf(o);
    const price = priceOf(o);
    const seen = cheapest.get(airline);
    if (!seen || price < seen.price) cheapest.set(airline, { at, price });
  });
  const after = new Set<number>();
  for (const { at } of cheapest.values()) if (at >= limit) after.add(at);
  return after.size === 0 ? sorted.slice(0, limit) : sorted.filter((_, i) => i < limit || after.has(i));
}
