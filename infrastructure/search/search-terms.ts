/**
 * How the embedded index and the relevance bench cut a text into terms, the
 * same way for a product and for what a visitor types: lowercase, accents
 * dropped, storage sizes in one form ("128 Go", "128go", "128 GB" are all
 * `128gb`; "1 To" is `1tb`), a word glued to its number split too
 * ("iphone13" gives `iphone13`, `iphone` and `13`), "S24+" also `plus`, and
 * a code of digits (an EAN, a UPC, a GTIN-14) without its leading zeros.
 */

const STORAGE_UNITS: Readonly<Record<string, string>> = { go: 'gb', gb: 'gb', g: 'gb', to: 'tb', tb: 'tb', t: 'tb', mo: 'mb', mb: 'mb' };
/** "5G" is a network, "128G" a storage size: only these sizes take the bare `g`. */
const STORAGE_SIZES = new Set(['8', '16', '32', '64', '128', '256', '512']);
const MEASURES: Readonly<Record<string, string>> = { mm: 'mm', cm: 'cm' };

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

/** The terms of a text, in order (a term may appear with its parts). */
export function searchTerms(text: string): string[] {
  const words = foldText(text).split(/[^a-z0-9+]+/).filter((word) => word !== '' && word !== '+');
  const terms: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] as string;
    const next = words[i + 1];
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
  if (glued) return [word, glued[1] as string, `${glued[2]}${glued[3]}`];
  return [word];
}
