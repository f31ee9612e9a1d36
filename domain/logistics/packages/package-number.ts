/** What people read and scan on a store's package: "P" and 9 digits. */
export const PACKAGE_NUMBER_PATTERN = /^P[0-9]{9}$/;

/** A package number as typed or scanned (spaces dropped, any case), or null when the text is not one. */
export function readPackageNumber(raw: string): string | null {
  const value = (typeof raw === 'string' ? raw : '').replace(/\s+/g, '').toUpperCase();
  return PACKAGE_NUMBER_PATTERN.test(value) ? value : null;
}
