/**
 * A verification: a list of codes (a buyer's or a carrier's) compared with
 * what the platform expects in a warehouse. One event records its report.
 */
export interface CodesVerified {
  type: 'CodesVerified';
  data: {
    verificationId: string;
    warehouseId: string;
    scope: 'in_transit' | 'in_warehouse';
    stockId: string | null;
    fileName: string;
    codesRead: number;
    matched: { count: number; codes: string[] };
    missing: { count: number; codes: string[] };
    unexpected: { count: number; codes: string[] };
    createdAt: string;
  };
}
