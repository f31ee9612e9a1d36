/**
 * The customer's tracking page (storefront /tracking): the buyback's journey
 * as GET /public/buybacks/{id}/tracking answers it. No personal data beyond
 * the customer's first name: no address, e-mail, phone, IBAN nor identity.
 */
import { BUYBACK_STATUSES } from '../../../domain/buybacks/state.js';
import { DEPOSIT_TYPES } from '../../../domain/buybacks/events.js';
import { LOCALES } from '../../../domain/organizations/events.js';
import { DELIVERY_STATUSES } from '../../../domain/values/delivery-status.js';
import { DateTime, MoneyView, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';

/** The steps a journey tells, each from one event (the buyback's, its payment's or its item's). */
export const JOURNEY_STEPS = [
  'registered',
  'dropped_in_store',
  'label_ready',
  'shipped',
  'carrier_report',
  'received',
  'on_hold',
  'checked',
  'price_proposed',
  'proposal_accepted',
  'proposal_rejected',
  'paid',
  'returned',
  'cancelled',
] as const;
export type JourneyStepKind = (typeof JOURNEY_STEPS)[number];

/** More steps than any buyback lives through (a few carrier reports each way): the answer's bound. */
export const JOURNEY_MAX_STEPS = 100;

export const JourneyStepView = Type.Object(
  {
    step: StringEnum(JOURNEY_STEPS),
    /** When it happened (UTC ISO-8601). */
    at: DateTime,
    /** A carrier's report: where the parcel is. */
    deliveryStatus: Nullable(StringEnum(DELIVERY_STATUSES)),
    /** The price this step set: the check's, the proposal's, the accepted one, what was paid. */
    price: Nullable(MoneyView),
  },
  { title: 'JourneyStep' },
);

export const BuybackJourneyView = Type.Object(
  {
    buybackId: Uuid,
    identificationNumber: Type.String(),
    /** The only personal datum shown; null once the customer was forgotten. */
    firstName: Nullable(Type.String()),
    productLabel: Type.String(),
    /** The language the customer used: the page speaks it. */
    locale: StringEnum(LOCALES),
    status: StringEnum(BUYBACK_STATUSES),
    deposit: StringEnum(DEPOSIT_TYPES),
    declaredPrice: MoneyView,
    /** The parcel's carrier and its public tracking page, once a label or a shipment names them. */
    tracking: Nullable(Type.Object({ carrier: Nullable(Type.String()), number: Nullable(Type.String()), link: Nullable(Type.String()) })),
    /** Oldest first. */
    steps: Type.Array(JourneyStepView, { maxItems: JOURNEY_MAX_STEPS }),
    /** A price proposal waits for the customer's answer: the page offers it (GET /public/buybacks/{id}/price-proposal with the same token). */
    proposalToAnswer: Type.Boolean(),
  },
  { title: 'BuybackJourney' },
);
export type BuybackJourneyView = Static<typeof BuybackJourneyView>;
export type JourneyStepView = Static<typeof JourneyStepView>;
