import type { CheckDecision, ComplianceFindings } from '../../../domain/warehouse/items/commands.js';
import type { QuarantineReason } from '../../../domain/warehouse/items/events.js';
import { priceSummary, type PriceSummary } from '../../../domain/warehouse/compliance.js';
import type { DiagnosticResponse, Estimate } from '../../../domain/catalog/estimate.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { money } from '../../../domain/shared/money.js';
import { imeiMatchesTac, parseImei } from '../../../domain/values/imei.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Principal } from '../../organizations/principal.js';
import type { ProductDocument } from '../../catalog/read-models.js';
import { absorptionRuleOf } from '../../buybacks/commands/absorb-price-deviation.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import type { ItemDocument } from '../read-models.js';
import type { BuybackDocument } from '../../buybacks/read-models.js';
import { warehouseSettingsOf, type WarehouseSettings } from '../settings.js';
import { itemCommand, type OnItem } from './item-command.js';
import type { CompliancePreviewView } from '../warehouse-views.js';

/** What the operator found, as the check's screens send it. */
export interface ComplianceCheckFindingsInput {
  /** The product found in the parcel (the declared one, or another model picked from the catalogue). */
  productId: string;
  imei?: string | null;
  /** Continue with an IMEI whose TAC is not one of the product's. */
  acceptUnknownImei?: boolean;
  serialNumber?: string | null;
  /** The product's diagnostic questions, answered as found. */
  responses: DiagnosticResponse[];
  comment?: string | null;
}

export interface RecordComplianceCheckInput extends OnItem, ComplianceCheckFindingsInput {
  decision: { kind: 'by_rule'; proposalReason?: string | null } | { kind: 'quarantine'; reason: QuarantineReason; comment: string };
}

/**
 * The check's end (specification 001: search, specifications, diagnosis,
 * summary, confirmation): the findings priced by the customer's estimate
 * rules, compared with the declaration, and the outcome the category's
 * absorption rule gives (completed by price, with absorption, a new price
 * proposed to the customer), or quarantine. An item still in transit is
 * registered first, unless the retailer's check-in is mandatory. The
 * buyback follows through the process manager (the proposal e-mail too).
 */
export const recordComplianceCheck = itemCommand<RecordComplianceCheckInput>({
  name: 'RecordComplianceCheck',
  permission: 'item.check',
  async build(input, item, deps, { principal }) {
    const settings = await warehouseSettingsOf(deps.documents, principal, item.accountId);
    const { findings } = await complianceFindings(deps, principal, item, input, settings);
    const decision: CheckDecision =
      input.decision.kind === 'quarantine' ? input.decision : { kind: 'by_rule', proposalReason: input.decision.proposalReason ?? null };
    return {
      type: 'RecordComplianceCheck',
      data: {
        warehouseId: principal.module === 'rps' && principal.organizationId ? principal.organizationId : item.warehouseId,
        findings,
        decision,
        checkInRequirement: settings.checkInRequirement,
        commentRequired: settings.commentRequired,
        at: deps.clock.now(),
      },
    };
  },
});

/** The findings as the domain compares them with the declaration, and the price summary they give. */
export async function complianceFindings(
  deps: WarehousePorts,
  principal: Principal,
  item: ItemDocument,
  input: ComplianceCheckFindingsInput,
  settings: WarehouseSettings,
): Promise<{ findings: ComplianceFindings; product: ProductDocument; summary: PriceSummary }> {
  const product = await deps.catalog.product(principal, input.productId);
  const { imei, imeiMatchesProduct } = checkedImei(input, product);
  const found = await controlledEstimate(deps, product, input.responses);
  const controlledPrice = money(found.price.amountInCents, item.purchasePrice.currency);
  const absorptionRule = await absorptionRuleOf(deps.catalog, item.accountId, item.product.categoryId);
  const comment = input.comment?.trim() || null;
  const findings: ComplianceFindings = {
    foundProduct: { productId: product._id, label: product.label, brand: product.brand, categoryId: product.categoryId, ean: product.ean },
    imei,
    imeiMatchesProduct,
    serialNumber: input.serialNumber?.trim() || null,
    responses: input.responses,
    grade: found.grade,
    controlledPrice,
    comment,
    commentShared: settings.commentShared,
    absorptionRule,
  };
  return { findings, product, summary: priceSummary(item.purchasePrice, controlledPrice, absorptionRule) };
}

function checkedImei(input: ComplianceCheckFindingsInput, product: ProductDocument): { imei: string | null; imeiMatchesProduct: boolean | null } {
  if (input.imei === undefined || input.imei === null || input.imei.trim() === '') return { imei: null, imeiMatchesProduct: null };
  let parsed;
  try {
    parsed = parseImei(input.imei);
  } catch (error) {
    if (error instanceof DomainError) {
      throw new ApplicationError('VALIDATION_FAILED', { fields: [{ ...error.details, field: 'imei', code: error.code }] });
    }
    throw error;
  }
  if (product.tacCodes.length === 0) return { imei: parsed.value, imeiMatchesProduct: null };
  const matches = imeiMatchesTac(parsed, product.tacCodes);
  if (!matches && input.acceptUnknownImei !== true) throw new ApplicationError('IMEI_TAC_MISMATCH', { imei: parsed.value, canContinue: true });
  return { imei: parsed.value, imeiMatchesProduct: matches };
}

/**
 * The device found, priced by the customer's estimate rules. A device the
 * retailer would not buy in the state found (an answer that blocks the
 * estimate, no price for its grade) is worth nothing at the check: its
 * controlled price is 0, and the summary proposes what absorption allows.
 */
async function controlledEstimate(deps: WarehousePorts, product: ProductDocument, responses: DiagnosticResponse[]): Promise<Pick<Estimate, 'grade' | 'price'>> {
  try {
    return await deps.catalog.estimateOf(product, responses);
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'ESTIMATE_NOT_POSSIBLE' || error.code === 'BUYBACK_NO_PRICE_DEFINED')) {
      return { grade: product.simple ? 'functional' : 'grade_e', price: money(0, product.currency) };
    }
    throw error;
  }
}

/** Pre-declarations older than this warn that prices may have changed (specification 001 §9). */
export const PREDECLARATION_PRICE_DAYS = 15;

/** Whether a (web) declaration made at `declaredAt` is older than the days its prices hold. */
export function pricesMayHaveChanged(declaredAt: string, now: string): boolean {
  return Date.parse(now) - Date.parse(declaredAt) > PREDECLARATION_PRICE_DAYS * 86_400_000;
}

/** The summary step: what the findings give, before anything is recorded. */
export async function previewComplianceCheck(
  deps: WarehousePorts,
  principal: Principal,
  item: ItemDocument,
  input: ComplianceCheckFindingsInput,
  buyback: Pick<BuybackDocument, 'product' | 'createdAt' | 'channel'>,
): Promise<CompliancePreviewView> {
  const settings = await warehouseSettingsOf(deps.documents, principal, item.accountId);
  const { findings, summary } = await complianceFindings(deps, principal, item, input, settings);
  const registersItem = ['item_created', 'item_awaiting_store_drop', 'item_awaiting_inventory', 'item_in_transit'].includes(item.status);
  if (registersItem && settings.checkInRequirement === 'mandatory') throw new ApplicationError('ITEM_NOT_CHECKED_IN', { status: item.status });
  return {
    declaredProduct: buyback.product,
    foundProduct: findings.foundProduct,
    productChanged: findings.foundProduct.productId !== buyback.product.productId,
    imei: findings.imei,
    imeiMatchesProduct: findings.imeiMatchesProduct,
    serialNumber: findings.serialNumber,
    grade: findings.grade,
    declaredPrice: summary.declaredPrice,
    controlledPrice: summary.controlledPrice,
    deviation: summary.deviation,
    absorptionRule: findings.absorptionRule,
    absorbable: summary.absorbable,
    outcome: summary.outcome,
    commentRequired: settings.commentRequired,
    commentShared: settings.commentShared,
    registersItem,
    declaredAt: buyback.createdAt,
    pricesMayHaveChanged: buyback.channel === 'web' && pricesMayHaveChanged(buyback.createdAt, deps.clock.now()),
  };
}
