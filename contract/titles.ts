/**
 * Passenger titles and the gender each names. Airlines refuse a passenger whose title and gender disagree, and a
 * title is the traveller's to choose: a form starts with none, offers the titles that fit the traveller's type and
 * gender, and never picks one between two that fit (a woman is Mrs or Ms, which only she can say).
 */
export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mstr'] as const;
export type Title = (typeof TITLES)[number];

/** The titles an airline takes for each passenger type: Master and Miss for children and infants. */
const TITLES_BY_TYPE: Record<string, readonly Title[]> = { ADT: ['Mr', 'Mrs', 'Ms'], CNN: ['Mstr', 'Miss'], INF: ['Mstr', 'Miss'] };

/** The gender each title names. */
const TITLE_GENDER: Record<Title, 'M' | 'F'> = { Mr: 'M', Mstr: 'M', Mrs: 'F', Ms: 'F', Miss: 'F' };

/** A title we know, in any letter case (PNRs and hotel guests write MRS). */
const knownTitle = (title: string): Title | undefined => TITLES.find((x) => x.toLowerCase() === title.trim().toLowerCase());

/** The gender a title names, in any letter case (PNRs write MRS); null for a title we do not know. */
export function genderOfTitle(title: string): 'M' | 'F' | null {
  const known = knownTitle(title);
  return known ? TITLE_GENDER[known] : null;
}

/**
 * A title as written before a name, the same on every screen, document and mail ("MRS" or "Mrs" → "Mrs", "السيدة");
 * one we do not know as it was given. Arabic has no word of its own for Ms: a woman is السيدة either way (a form's
 * choices, in the locale files, tell the two apart).
 */
const TITLE_WORDS: Record<'en' | 'ar', Record<Title, string>> = {
  en: { Mr: 'Mr', Mrs: 'Mrs', Ms: 'Ms', Miss: 'Miss', Mstr: 'Master' },
  ar: { Mr: 'السيد', Mrs: 'السيدة', Ms: 'السيدة', Miss: 'الآنسة', Mstr: 'الطفل' },
};
export function titleText(title: string, lang: string): string {
  const known = knownTitle(title);
  return known ? TITLE_WORDS[lang === 'ar' ? 'ar' : 'en'][known] : title;
}

/**
 * The titles a form offers: those of the passenger type (every title when the type is not known), narrowed to the
 * chosen gender once there is one. A title already held that is not among them (a saved traveller's) is kept as
 * the first choice, so opening a form never changes what was saved.
 */
export function titleChoices(type: string | null, gender: string, current = ''): string[] {
  const forType = (type && TITLES_BY_TYPE[type]) || TITLES;
  const fitting = gender === 'M' || gender === 'F' ? forType.filter((x) => TITLE_GENDER[x] === gender) : [...forType];
  return current && !fitting.includes(current as Title) ? [current, ...fitting] : fitting;
}

/**
 * For a form with both fields: title and gender kept in agreement whichever of the two the user changed. A title
 * sets the gender it names. A gender keeps a title that fits it; otherwise the title becomes the only one that
 * fits (Mr for a man, Master or Miss for a child), or none when there are several to choose from.
 */
export function agreeTitleAndGender<T extends { type: string; title: string; gender: string }>(before: T, change: Partial<T>): Partial<T> {
  if (change.title !== undefined && change.gender === undefined) {
    const gender = genderOfTitle(change.title);
    return gender ? { ...change, gender } : change;
  }
  if (change.gender !== undefined && change.title === undefined && (change.gender === 'M' || change.gender === 'F')) {
    if (genderOfTitle(before.title) === change.gender) return change;
    const fitting = titleChoices(before.type, change.gender);
    return { ...change, title: fitting.length === 1 ? fitting[0] : '' };
  }
  return change;
}

/** A title that names the other gender (Mrs for a man) is refused, on the title field. */
export const titleAgreesWithGender = (i: { title: string; gender: string }) => genderOfTitle(i.title) === i.gender;
