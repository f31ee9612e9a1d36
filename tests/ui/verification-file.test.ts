import { describe, expect, it } from 'vitest';
import { readCodes, VERIFICATION_MAX_BYTES as API_MAX_BYTES } from '../../application/warehouse/commands/verify-codes.js';
import { fileNameForApi, fileProblem, sampleCsv, VERIFICATION_MAX_BYTES } from '../../ui/dashboard/features/warehouse-verification/verification-file.js';

/** The file of codes as the verification screen checks it before sending it (ui/dashboard/features/warehouse-verification/verification-file.ts). */
describe('Given a file of codes chosen for a verification', () => {
  it('Then the screen refuses at once what the API would refuse for its size, and an empty file', () => {
    expect(VERIFICATION_MAX_BYTES).toBe(API_MAX_BYTES);
    expect(fileProblem({ size: API_MAX_BYTES })).toBeNull();
    expect(fileProblem({ size: API_MAX_BYTES + 1 })).toBe('tooLarge');
    expect(fileProblem({ size: 0 })).toBe('empty');
  });

  it('Then the sample the screen offers is read by the API as it is: a code column, codes of 13 and 8 characters', () => {
    expect(readCodes(sampleCsv())).toHaveLength(3);
    expect(readCodes(`\uFEFF${sampleCsv()}`)).toHaveLength(3);
  });

  it('Then the name sent is the file’s own, cut to what the API keeps', () => {
    expect(fileNameForApi(' carrier.csv ')).toBe('carrier.csv');
    expect(fileNameForApi('x'.repeat(300))).toHaveLength(255);
  });
});
