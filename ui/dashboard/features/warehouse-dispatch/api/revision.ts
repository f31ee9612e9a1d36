/**
 * The If-Match of a command on the rules: one revision for an account's
 * rules and default warehouse (GET /warehouse-dispatch-settings). An account
 * that never had any (-1) sends none.
 */
export function ifMatchOf(revision: number): string | null {
  return revision >= 0 ? `W/"${revision}"` : null;
}
