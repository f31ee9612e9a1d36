/** What GET /dashboard-data answers: the handler's return type, the OpenAPI schema and the dashboard's type. */
import { BUYBACK_CHANNELS } from '../../../domain/buybacks/events.js';
import { ITEM_STATUSES } from '../../../domain/warehouse/items/state.js';
import { DateTime, Nullable, StringEnum, Type, type Static } from '../../views/schema.js';

const Count = Type.Integer({ minimum: 0 });
const Counts = { created: Count, completed: Count, cancelled: Count };

const ItemCount = Type.Object({ status: StringEnum(ITEM_STATUSES), count: Type.Integer() }, { title: 'DashboardItemCount' });

const BreakdownRow = Type.Object(
  {
    /** A store's or category's id; null: web buybacks not in a store. */
    id: Nullable(Type.String({ maxLength: 64 })),
    /** Its name in the caller's language; null when it is no longer known (or for `id` null). */
    name: Nullable(Type.String({ maxLength: 255 })),
    ...Counts,
  },
  { title: 'DashboardBreakdownRow' },
);

const Breakdown = Type.Object(
  {
    /** The busiest (created + completed + cancelled), at most 20. */
    top: Type.Array(BreakdownRow, { maxItems: 20 }),
    /** The others summed, and how many they are. */
    others: Type.Object({ keys: Count, ...Counts }),
  },
  { title: 'DashboardBreakdown' },
);

export const DashboardWeekView = Type.Object(
  {
    /** ISO week, YYYY-Www (Monday 00:00 to Sunday 23:59:59.999 UTC). */
    week: Type.String({ pattern: '^\\d{4}-W\\d{2}$' }),
    from: DateTime,
    to: DateTime,
    ...Counts,
    byChannel: Type.Array(Type.Object({ channel: StringEnum(BUYBACK_CHANNELS), ...Counts }), { maxItems: BUYBACK_CHANNELS.length }),
    byStore: Breakdown,
    byCategory: Breakdown,
    /** The payments of the buybacks completed that week: how many, their total and average in cents, per currency. */
    paid: Type.Array(Type.Object({ currency: Type.String({ minLength: 3, maxLength: 3 }), count: Count, totalInCents: Type.Integer(), averageInCents: Type.Integer() }), { maxItems: 4 }),
    /** Devices of the carts kept that week (the estimates recorded) and how many were checked out into buybacks; rate 0–1, null without estimates. */
    conversion: Type.Object({ estimates: Count, converted: Count, rate: Nullable(Type.Number({ minimum: 0 })) }),
    /** Time from creation to completion of the buybacks completed that week, in minutes (read from a histogram: within 5 %). */
    completionTime: Type.Object({ count: Count, medianMinutes: Nullable(Count), p90Minutes: Nullable(Count) }),
    /** Items in each status at the end of the week. */
    items: Type.Array(ItemCount, { maxItems: ITEM_STATUSES.length }),
  },
  { title: 'DashboardWeek' },
);
export type DashboardWeekView = Static<typeof DashboardWeekView>;

export const DASHBOARD_SCOPES = ['account', 'stores', 'store', 'warehouse', 'buyer'] as const;

export const DashboardDataView = Type.Object(
  {
    accountId: Type.String(),
    /** What the figures cover: the account, a management unit's stores, or one store, warehouse or buyer. */
    scope: StringEnum(DASHBOARD_SCOPES),
    /** The account's currency (amounts are per currency in `paid`). */
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    /** The week asked (by default the last full week by the server's clock) and the week before it. */
    week: DashboardWeekView,
    previousWeek: DashboardWeekView,
    /** Items in each status now. */
    itemsNow: Type.Array(ItemCount, { maxItems: ITEM_STATUSES.length }),
    at: DateTime,
  },
  { title: 'DashboardData' },
);
export type DashboardDataView = Static<typeof DashboardDataView>;
