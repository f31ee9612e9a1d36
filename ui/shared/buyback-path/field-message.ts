/**
 * A field's message, apart from the customer rules (customer/customer-rules.ts) so that the screens before the
 * customer form (the diagnostic, its IMEI) show one without downloading the phone-number and address rules.
 */

/** A message to show at a field: an i18n key (with its namespace) and its values. */
export interface FieldMessage {
  key: string;
  values: Record<string, unknown>;
}

/** An API field problem (or a rule's error) as a translated message: the API's own texts, namespace "api". */
export function messageOf(problem: { code: string; [key: string]: unknown }): FieldMessage {
  const { code, field: _field, message: _message, ...values } = problem;
  return { key: `api:errors.${code}`, values };
}
