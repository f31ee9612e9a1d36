import { BUYBACK_CHANNELS } from '../../../domain/buybacks/events.js';
import { DateTime, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';
import { BuybackStatusView } from '../buyback-views.js';

/** The steps that take a device in hand at a counter: a store finalizes a web pre-declaration, a warehouse checks in what was sent to it. */
export const HANDS_ON_COMMANDS = ['FinalizeBuybackInStore', 'CheckInBuyback'] as const;
export type HandsOnCommand = (typeof HANDS_ON_COMMANDS)[number];

/** What `…/is-verifiable` answers (GET) when the caller can go on with the buyback now. */
export const VerifiableBuybackView = Type.Object(
  {
    id: Uuid,
    identificationNumber: Type.String(),
    status: BuybackStatusView,
    channel: StringEnum(BUYBACK_CHANNELS),
    /** The step the caller takes now: FinalizeBuybackInStore (a store) or CheckInBuyback (a warehouse). */
    nextCommand: StringEnum(HANDS_ON_COMMANDS),
    /** When the customer declared it (its registration). */
    declaredAt: DateTime,
    /**
     * A web pre-declaration's prices hold until then (declared on + 15 days);
     * after it, the screens warn that prices may have changed. Null for any
     * other buyback.
     */
    pricesValidUntil: Nullable(DateTime),
  },
  { title: 'VerifiableBuyback' },
);
export type VerifiableBuybackView = Static<typeof VerifiableBuybackView>;
