/**
 * The dashboard's weekly statistics (issue 23, specification 002 §2 and §7:
 * GET /dashboard-data): read from the totals of the statistics projection.
 */
import { dashboardData, OLDEST_WEEK_BACK, type DashboardPorts } from '../../../../application/settings/statistics/dashboard-data.js';
import { DashboardDataView } from '../../../../application/settings/statistics/statistics-views.js';
import { defineRoute, type Route } from '../../route.js';
import { Type } from '../schemas.js';

export function statisticsRoutes(ports: DashboardPorts): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/dashboard-data',
      operationId: 'getDashboardData',
      summary:
        'The dashboard’s weekly statistics: the last full ISO week (Monday to Sunday, UTC) by the server’s clock and the week before — buybacks created, completed and cancelled (by channel, store and category), the amounts paid, the estimates kept and converted, the time from creation to completion (median, p90), the items in each status — in the scope the caller may see (the account; a management unit’s stores; a store, warehouse or buyer). Provider staff name the account (accountId) and may ask another week.',
      tag: 'settings-statistics',
      access: { kind: 'authenticated', permission: 'dashboard_data.read' },
      query: Type.Object(
        {
          week: Type.Optional(
            Type.String({
              pattern: '^\\d{4}-W\\d{2}$',
              maxLength: 8,
              description: `Provider staff only: an ISO week (YYYY-Www), at most ${OLDEST_WEEK_BACK} weeks before the last full one.`,
              example: '2026-W46',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      response: { status: 200, description: 'The week’s figures and the week before’s', schema: DashboardDataView },
      otherResponses: {
        400: 'The week does not exist, is not over yet, or is too old (DASHBOARD_WEEK_OUT_OF_RANGE)',
        403: 'Only provider staff choose the week (DASHBOARD_WEEK_NOT_ALLOWED); provider staff must name the account (ACCOUNT_REQUIRED); or the caller lacks the permission',
      },
      async handler({ principal, query, locale }) {
        return { body: await dashboardData(ports, principal, { week: query.week }, locale) };
      },
    }),
  ];
}
