/** A weight in grams, as a person reads it on a parcel: kilograms with up to two decimals. */
export function formatWeight(grams: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 2 }).format(grams / 1000);
}
