/**
 * Text in a SEPA credit-transfer file. The EPC implementation guidelines
 * (SEPA Credit Transfer, customer-to-bank, §1.4 "Character set") allow
 * only the basic Latin set, which every bank of the scheme must accept:
 *
 *     a-z A-Z 0-9 / - ? : ( ) . , ' + and the space
 *
 * Names and remittance texts come from people (a seller "Hélène Düring",
 * a shop "Bricolage & Cie"), so they are transliterated, never refused:
 * 1. letters with diacritics lose them: the text is decomposed (Unicode
 *    NFD, "é" → "e" + U+0301) and the combining marks (U+0300–U+036F) go,
 *    so é è ê ë → e, ç → c, ñ → n, Å → A, ő → o;
 * 2. letters that do not decompose are spelt the way the French and German
 *    banks' guides spell them: ß → ss, æ → ae, œ → oe, ø → o, ł → l, đ/ð → d,
 *    þ → th (upper case alike: Æ → AE, Œ → OE…);
 * 3. typographic signs become their plain form: & → +, ’ ‘ ` ´ → ',
 *    « » “ ” " → ', – — _ → -, @ → (at)… see PUNCTUATION below;
 * 4. any other character (another script, an emoji, a control character,
 *    < > " ; ! * and so on) becomes a space; runs of white space become one
 *    space, and the text is trimmed.
 * Then a name is cut to 70 characters (the EPC limit of the Name fields,
 * whatever the XSD's 140) and a remittance text to 140, after
 * transliteration (ß → ss lengthens a text), and trimmed again.
 *
 * Identifiers (message id, instruction id, end-to-end id) are not
 * transliterated: they must come back unchanged in the bank's status
 * report, so one that breaks the rules is refused (`isSepaIdentifier`).
 */

const SEPA_CHARACTER = /[A-Za-z0-9/\-?:().,'+ ]/;

const LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss', ẞ: 'SS', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L',
  đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', þ: 'th', Þ: 'TH', ı: 'i', ĸ: 'k', ŋ: 'n', Ŋ: 'N',
};

const PUNCTUATION: Readonly<Record<string, string>> = {
  '&': '+', '’': "'", '‘': "'", '`': "'", '´': "'", '«': "'", '»': "'", '“': "'", '”': "'", '"': "'",
  '–': '-', '—': '-', '_': '-', '@': '(at)', '\u00a0': ' ', '°': '.', '#': '-', ';': ',', '[': '(', ']': ')', '{': '(', '}': ')',
};

/** The text in the SEPA character set (rules 1 to 4 above), not yet cut. */
export function toSepaCharacters(raw: string): string {
  const decomposed = String(raw ?? '').normalize('NFD');
  let out = '';
  for (const ch of decomposed) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x300 && code <= 0x36f) continue; // combining mark: the accent of the previous letter
    if (SEPA_CHARACTER.test(ch)) out += ch;
    else out += LETTERS[ch] ?? PUNCTUATION[ch] ?? ' ';
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** A text in the SEPA character set cut to `max` characters (and trimmed once cut). */
export function toSepaText(raw: string, max: number): string {
  return toSepaCharacters(raw).slice(0, max).trim();
}

/** Names (debtor, creditor): 70 characters at most. */
export const SEPA_NAME_MAX = 70;
/** Unstructured remittance information: 140 characters at most. */
export const SEPA_REMITTANCE_MAX = 140;
/** Message, payment-information, instruction and end-to-end identifiers: 35 characters at most. */
export const SEPA_ID_MAX = 35;

/**
 * An identifier the EPC guidelines accept as is: 1 to 35 characters of the
 * SEPA set without the space, neither starting nor ending with "/", and
 * without "//".
 */
export function isSepaIdentifier(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^[A-Za-z0-9/\-?:().,'+]{1,35}$/.test(value) &&
    !value.startsWith('/') &&
    !value.endsWith('/') &&
    !value.includes('//')
  );
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Escapes a text for an XML element's content or attribute. After
 * `toSepaCharacters` only the apostrophe can occur, but every value written
 * goes through here, so that no future field can break the document.
 */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}
