import { buybackJourney, type JourneyDeps } from '../../../../application/logistics/tracking/buyback-journey.js';
import { BuybackJourneyView } from '../../../../application/logistics/tracking/journey-views.js';
import type { Throttle } from '../../../security/throttle.js';
import { HttpError } from '../../errors.js';
import { defineRoute, type Route } from '../../route.js';
import { Type, idParams } from '../schemas.js';

/** Journey reads per client address and minute: a customer reloading their page never meets it, a scraper does. */
export const TRACKING_READS_PER_MINUTE = 60;

/** `<expiry>.<signature>` (application/buybacks/signed-link.ts): at most 12 digits, a dot and 43 characters, so 56 at most. */
const trackingToken = Type.String({ maxLength: 56, pattern: '^[0-9]{1,12}\\.[A-Za-z0-9_-]{43}$', example: `999999999999.${'A'.repeat(43)}` });

/** The customer's tracking page's answer: the buyback's journey, opened by the tracking token of its confirmation e-mail. */
export function trackingRoutes(deps: JourneyDeps, throttle: Throttle): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/public/buybacks/{id}/tracking',
      operationId: 'getBuybackJourney',
      summary:
        'The buyback’s journey as its customer follows it (storefront /tracking): its steps with their dates (registered, dropped in a shop, label ready, shipped, each carrier report, received, on hold, checked, price proposed and answered, paid, returned, cancelled), its carrier’s tracking, whether a price proposal waits for an answer (then answered with the same token: /public/buybacks/{id}/price-proposal), and the customer’s language. No personal data beyond the first name. `token`: the tracking token of the confirmation e-mail (signed for this buyback, valid TRACKING_LINK_TTL_DAYS): another buyback’s or altered 404 TRACKING_LINK_INVALID, expired 410 TRACKING_LINK_EXPIRED. Throttled per client address (429 RATE_LIMITED)',
      tag: 'public',
      access: { kind: 'public' },
      params: idParams('id'),
      query: Type.Object({ token: trackingToken }, { additionalProperties: false }),
      // The first name is the customer's: never kept by a browser's or a proxy's cache.
      personalData: true,
      response: { status: 200, description: 'The journey, oldest step first', schema: BuybackJourneyView },
      otherResponses: {
        410: 'The tracking token expired (TRACKING_LINK_EXPIRED)',
        429: 'Too many reads from this address (RATE_LIMITED): ask again after Retry-After',
      },
      async handler({ params, query, request }) {
        const wait = await throttle.hit(request.ip ?? 'unknown');
        if (wait !== null) throw new HttpError('RATE_LIMITED', { retryAfterSeconds: wait }, { 'Retry-After': String(wait) });
        return { body: await buybackJourney(deps, params.id, query.token) };
      },
    }),
  ];
}
