/**
 * How the embedded index and the relevance bench cut a text into terms, the
 * same way for a product and for what a visitor types: lowercase, accents
 * dropped, storage sizes in one form ("128 Go", "128go", "128 GB" are all
 * `128gb`; "1 To" is `1tb`), a word glued to its number split too
 * ("iphone13" gives `iphone13`, `iphone` and `13`), "S24+" also `plus`, and
 * a code of digits (an EAN, a UPC, a GTIN-14) without its leading zeros,
 * and the words people use for a kind of device in French or English in one
 * form ("tablet", "tablettes" are `tablette`; "PS5" is also `playstation` `5`).
 */

const STORAGE_UNITS: Readonly<Record<string, string>> = { go: 'gb', gb: 'gb', g: 'gb', to: 'tb', tb: 'tb', mo: 'mb', mb: 'mb' };
/** "5G" is a network, "128G" a storage size: only these sizes take the bare `g`. */
const STORAGE_SIZES = new Set(['8', '16', '32', '64', '128', '256', '512']);
const MEASURES: Readonly<Record<string, string>> = { mm: 'mm', cm: 'cm' };

/** The words of a kind of device, French and English, in one form (the category labels and what people type). */
const SAME_WORDS: Readonly<Record<string, readonly string[]>> = {
  tablette: ['tablet', 'tablets', 'tablette', 'tablettes'],
  montre: ['watch', 'watches', 'montre', 'montres', 'smartwatch', 'smartwatches'],
  smartphone: ['phone', 'phones', 'telephone', 'telephones', 'smartphone', 'smartphones', 'mobile', 'mobiles', 'gsm'],
  ordinateur: ['laptop', 'laptops', 'notebook', 'ordinateur', 'ordinateurs'],
  console: ['console', 'consoles'],
  manette: ['manette', 'manettes', 'controller', 'controllers'],
};
const CANONICAL = new Map(Object.entries(SAME_WORDS).flatMap(([canonical, words]) => words.map((word) => [word, canonical] as const)));
/** Short names that stand for words: both are indexed, so either finds the other. */
const EXPANSIONS: Readonly<Record<string, readonly string[]>> = { ps4: ['playstation', '4'], ps5: ['playstation', '5'] };

/** Lowercase, without accents, the typographic quotes and dashes as spaces. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

function unitOf(number: string, word: string): string | null {
  const storage = STORAGE_UNITS[word];
  if (storage && (word !== 'g' || STORAGE_SIZES.has(number))) return `${number}${storage}`;
  const measure = MEASURES[word];
  return measure ? `${number}${measure}` : null;
}

function withoutLeadingZeros(code: string): string {
  return code.replace(/^0+(?=\d)/, '');
}

/** The terms of a product's text, in order (a term may appear with its parts, "PS5" with `playstation` `5`). */
export function searchTerms(text: string): string[] {
  return termsOf(text, true);
}

/**
 * The terms of what a visitor typed: as a product's, but a short name only as
 * the words it stands for ("ps5" looks for `playstation` `5`, so the console
 * comes before its controller, which says "PS5" too), and "i phone" as one word.
 */
export function queryTerms(text: string): string[] {
  return termsOf(text, false);
}

function termsOf(text: string, keepShortNames: boolean): string[] {
  const words = foldText(text).split(/[^a-z0-9+]+/).filter((word) => word !== '' && word !== '+');
  const terms: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] as string;
    const next = words[i + 1];
    if (!keepShortNames && word === 'i' && (next === 'phone' || next === 'pad')) {
      terms.push(`i${next}`);
      i += 1;
      continue;
    }
    const expansion = EXPANSIONS[word];
    if (expansion) {
      terms.push(...(keepShortNames ? [word, ...expansion] : expansion));
      continue;
    }
    if (/^\d+$/.test(word) && next !== undefined) {
      const merged = unitOf(word, next);
      if (merged) {
        terms.push(merged);
        i += 1;
        continue;
      }
    }
    terms.push(...termsOfWord(word));
  }
  return terms;
}

function termsOfWord(word: string): string[] {
  if (word.endsWith('+')) return [...termsOfWord(word.replace(/\++$/, '')), 'plus'].filter((term) => term !== '');
  if (word.includes('+')) return word.split('+').flatMap(termsOfWord);
  if (/^\d+$/.test(word)) return [word.length >= 8 ? withoutLeadingZeros(word) : word];
  const sized = /^(\d+)([a-z]+)$/.exec(word);
  if (sized) {
    const merged = unitOf(sized[1] as string, sized[2] as string);
    if (merged) return [merged];
  }
  // A word glued to its number ("iphone13", "watch6"): the whole and its parts; "s23", "a54" stay whole.
  const glued = /^([a-z]{2,})(\d+)([a-z]*)$/.exec(word);
  if (glued) return [word, glued[1] as string, `${glued[2]}${glued[3]}`, ...(glued[3] ? [glued[2] as string] : [])];
  // A number with its letter ("9e" génération, Pixel "8a", Xiaomi "13t"): also the number alone.
  const lettered = /^(\d+)([a-z]{1,2})$/.exec(word);
  if (lettered) return [word, lettered[1] as string];
  return [CANONICAL.get(word) ?? word];
}
