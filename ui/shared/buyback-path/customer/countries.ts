import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

/**
 * Calling-code regions of libphonenumber that are not ISO 3166-1 countries
 * (Ascension, Tristan da Cunha, Kosovo): the API's country rule refuses them.
 */
const NOT_ISO_COUNTRIES = new Set(['AC', 'TA', 'XK']);

export interface CountryOption {
  code: string;
  name: string;
}

function regionNames(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Countries by their name in the visitor's language; only `restrictTo` when given (a shipping method's countries). */
export function countryOptions(language: string, restrictTo: readonly string[] = []): CountryOption[] {
  const name = regionNames(language);
  const codes = restrictTo.length > 0 ? [...new Set(restrictTo)] : getCountries().filter((code) => !NOT_ISO_COUNTRIES.has(code));
  return codes.map((code) => ({ code, name: name(code) })).sort((a, b) => a.name.localeCompare(b.name, language));
}

export interface PhoneCountryOption extends CountryOption {
  callingCode: string;
}

/** The international phone input's country list: "France (+33)". */
export function phoneCountryOptions(language: string): PhoneCountryOption[] {
  const name = regionNames(language);
  return getCountries()
    .map((code) => ({ code, name: name(code), callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}
