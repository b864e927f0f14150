/**
 * How an element after the names points at a traveller: Amadeus "/P2" (the name's element number), Sabre
 * "-1.2KHAN/SARA" and Travelport "/N1.2" (element 1, its second given name), or the name itself ("KHAN/S").
 */
export interface PassengerRef { element?: number; order?: number; last?: string; first?: string; infant?: boolean }

export function readRef(text: string): PassengerRef | null {
  const p = /\/P(\d{1,3})\b/.exec(text);
  if (p) return { element: Number(p[1]) };
  const n = /(?:\/N|-)(\d{1,3})\.(\d{1,2})(?!\d)(?:([A-Z' -]+)\/([A-Z]+))?/.exec(text);
  if (n) return { element: Number(n[1]), order: Number(n[2]), last: n[3]?.trim(), first: n[4] };
  // Apollo and Galileo "-1KHAN/SARA MRS": the element and the name, which tells the traveller within it.
  const named = /-(\d{1,3})([A-Z][A-Z' -]*)\/([A-Z]+)/.exec(text);
  if (named) return { last: named[2].trim(), first: named[3] };
  return null;
}

export interface Referable { element: number; order: number; last_name: string; first_name: string; infant: boolean }

/** The traveller a reference names, or -1. Names match on the surname and the given name's first letters. */
export function resolveRef<T extends Referable>(people: T[], ref: PassengerRef): number {
  if (ref.last) {
    // A name names its traveller, infant or not ("KHAN/I" is the first KHAN whose given name starts with I).
    const hit = people.findIndex((p) => p.last_name === ref.last && (!ref.first || p.first_name.startsWith(ref.first)) && (ref.infant === undefined || !p.infant === !ref.infant));
    if (hit >= 0) return hit;
  }
  if (ref.element !== undefined) {
    const hit = people.findIndex((p) => !p.infant === !ref.infant && p.element === ref.element && (ref.order === undefined || p.order === ref.order));
    if (hit >= 0) return hit;
  }
  return -1;
}
