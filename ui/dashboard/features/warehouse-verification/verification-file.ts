import { gs1CheckDigit } from '@server/domain/values/gtin.js';
import type { VerificationView } from '@server/application/warehouse/warehouse-views.js';

/**
 * The file of codes to verify, as the browser reads it before sending it:
 * the API's bound on its size (checked here too, for a quick answer; the API
 * decides), the name it keeps, and the sample the screen offers. No React
 * here: Node tests load it.
 */

/** The API's bound (VERIFICATION_MAX_BYTES): 512 KB. */
export const VERIFICATION_MAX_BYTES = 512 * 1024;

/** The API keeps a file name of 255 characters at most. */
const FILE_NAME_MAX = 255;

export type VerificationScope = VerificationView['scope'];
const SCOPE_SET: Record<VerificationScope, true> = { in_transit: true, in_warehouse: true };
/** What a list is compared with: what is on its way to the warehouse (a carrier's list), or what is in it (a buyer's list, an inventory). */
export const VERIFICATION_SCOPES = Object.keys(SCOPE_SET) as VerificationScope[];

/** Why a file is refused before it is sent, or null when it may be sent. */
export function fileProblem(file: { size: number }): 'tooLarge' | 'empty' | null {
  if (file.size === 0) return 'empty';
  if (file.size > VERIFICATION_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The name sent with the file: the file's own, cut to what the API keeps. */
export function fileNameForApi(name: string): string {
  const trimmed = name.trim() || 'list.csv';
  return trimmed.length <= FILE_NAME_MAX ? trimmed : trimmed.slice(0, FILE_NAME_MAX);
}

/** "512 KB", "1.2 MB" as the viewer's language writes sizes. */
export function formatFileSize(bytes: number, language: string): string {
  const kilobytes = bytes / 1024;
  const unit = kilobytes >= 1024 ? 'megabyte' : 'kilobyte';
  const value = kilobytes >= 1024 ? kilobytes / 1024 : kilobytes;
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}

/**
 * A sample list: a header line naming the `code` column (another column is
 * allowed and ignored), then one code per line, a 13-digit trade-in code
 * (its last digit a check digit) or an 8-character device code.
 */
export function sampleCsv(): string {
  const twelve = ['200000000001', '200000000002'];
  const codes = twelve.map((digits) => `${digits}${gs1CheckDigit(digits)}`);
  return ['code;reference', `${codes[0]};COLIS-0001`, `${codes[1]};COLIS-0002`, '00000003;COLIS-0003', ''].join('\r\n');
}

/** The file's text, read in the browser (UTF-8): the API receives text, not the file. */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file, 'utf-8');
  });
}
