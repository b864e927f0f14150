/**
 * Latin names written in Arabic letters, for the names no data we hold gives in Arabic (a small airport's town, a
 * regional airline). One rule, used by the app and the server alike, so a name is spelt the same on every screen,
 * document and mail: a word is written as it sounds, long vowels as letters and short "e" left out ("Berlin" →
 * "برلين", "Gatwick" → "غاتويك"), the article "Al"/"El" joined to its word ("Al Ain" → "العين"), digits kept.
 */

/** Words that are not written as they sound (the article, common name parts). */
const WORDS: Record<string, string> = {
  abu: 'أبو', bin: 'بن', ibn: 'ابن', bint: 'بنت', saint: 'سانت', st: 'سانت', ste: 'سانت', san: 'سان', santa: 'سانتا', sao: 'ساو', new: 'نيو',
  city: 'سيتي', island: 'آيلاند', islands: 'آيلاندز', port: 'بورت', fort: 'فورت', lake: 'ليك', mount: 'ماونت', north: 'نورث', south: 'ساوث',
  east: 'إيست', west: 'ويست', de: 'دي', del: 'ديل', la: 'لا', le: 'لو', los: 'لوس', las: 'لاس', the: 'ذا', and: 'آند', of: 'أوف',
};

/** Letter groups first (longest match wins), then single letters. Vowels are handled apart, by position. */
const GROUPS: [string, string][] = [
  ['sch', 'ش'], ['tch', 'تش'], ['sh', 'ش'], ['ch', 'تش'], ['kh', 'خ'], ['gh', 'غ'], ['th', 'ث'], ['ph', 'ف'], ['dh', 'ذ'], ['zh', 'ج'],
  ['ck', 'ك'], ['qu', 'كو'], ['x', 'كس'],
];
const CONSONANTS: Record<string, string> = {
  b: 'ب', c: 'ك', d: 'د', f: 'ف', g: 'غ', h: 'ه', j: 'ج', k: 'ك', l: 'ل', m: 'م', n: 'ن', p: 'ب', q: 'ق', r: 'ر', s: 'س', t: 'ت',
  v: 'ف', w: 'و', y: 'ي', z: 'ز',
};
const VOWEL = /[aeiou]/;

/** The vowel run at `i` (one or two letters) as it is written: start, middle or end of the word. */
function vowelRun(word: string, i: number): { text: string; length: number } {
  const two = word.slice(i, i + 2);
  const first = i === 0;
  const pairs: Record<string, string> = { aa: 'ا', ai: 'اي', ay: 'اي', au: 'او', aw: 'او', ea: 'ي', ee: 'ي', ei: 'ي', ey: 'ي', ie: 'ي', oo: 'و', ou: 'و', ow: 'و', oa: 'و', oi: 'وي', oy: 'وي', ue: 'و', ui: 'وي', uy: 'وي', eu: 'يو', ia: 'يا', io: 'يو', iu: 'يو' };
  // "ay", "ey", "ow" and "aw" are vowel pairs only before a consonant or at the end ("Mayo" has a "y" of its own).
  const glide = /^[a-z][wy]$/.test(two) && VOWEL.test(word[i + 2] ?? '');
  if (two.length === 2 && pairs[two] && !glide) {
    const text = pairs[two];
    return { text: first ? (text.startsWith('ا') ? `أ${text.slice(1)}` : `أ${text}`) : text, length: 2 };
  }
  const v = word[i];
  const end = i === word.length - 1;
  if (first) return { text: v === 'a' ? 'أ' : v === 'e' || v === 'i' ? 'إ' : 'أو', length: 1 };
  if (v === 'a') return { text: 'ا', length: 1 };
  if (v === 'e') return { text: end && word.length <= 3 ? 'ي' : '', length: 1 }; // short or silent
  if (v === 'i') return { text: 'ي', length: 1 };
  return { text: 'و', length: 1 };
}

function word(w: string): string {
  if (WORDS[w]) return WORDS[w];
  if (/^\d+$/.test(w)) return w;
  let out = '';
  for (let i = 0; i < w.length;) {
    const ch = w[i];
    if (VOWEL.test(ch)) { const r = vowelRun(w, i); out += r.text; i += r.length; continue; }
    const group = GROUPS.find(([g]) => w.startsWith(g, i));
    if (group) { out += group[1]; i += group[0].length; continue; }
    // A doubled consonant is written once; "c" and "g" soften before e, i and y.
    if (ch === w[i - 1] && !VOWEL.test(ch)) { i++; continue; }
    const soft = /[eiy]/.test(w[i + 1] ?? '');
    out += ch === 'c' && soft ? 'س' : ch === 'g' && soft ? 'ج' : ch === 'y' && i === w.length - 1 ? 'ي' : CONSONANTS[ch] ?? '';
    i++;
  }
  return out;
}

/** A Latin-letter name in Arabic letters; text already in Arabic is returned as it is. */
export function transliterate(text: string): string {
  const words = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/['’`ʻ]/g, '').split(/[^a-z0-9\u0600-\u06ff]+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (/[\u0600-\u06ff]/.test(w)) { out.push(w); continue; }
    // The article is written joined to its word.
    if ((w === 'al' || w === 'el') && i + 1 < words.length) { out.push(`ال${word(words[++i])}`); continue; }
    const arabic = word(w);
    if (arabic) out.push(arabic);
  }
  return out.join(' ');
}

/** True when a name is written in Arabic letters (digits, spaces and a few marks allowed). */
export const isArabicText = (s: string): boolean => /[\u0600-\u06ff]/.test(s) && !/[A-Za-z]/.test(s.replace(/\S*\d\S*/g, ''));
