/**
 * The pricing rules' part of the catalogue manifest (issue 21, "Pricing with
 * the premium features"): the refusal of what needs a premium feature the
 * retailer lacks (the IMEI search, an IMEI sent with a declaration). The
 * rules themselves are domain/catalog/pricing/; the estimate and the buyback
 * options apply them (application/catalog/catalog-service.ts).
 */
export const pricingErrors = {
  PREMIUM_FEATURE_NOT_ENABLED: 403,
  ESTIMATE_CIRCUIT_NOT_AVAILABLE: 422,
} as const;
