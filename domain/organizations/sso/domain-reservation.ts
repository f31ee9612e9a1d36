/**
 * An e-mail domain's reservation for single sign-on: one stream per domain
 * (lower case), holding the root organization whose configuration names it
 * (the sign-in finds the organization by the domain, so it names one).
 * Appended in the same atomic append as the organization's configuration,
 * each stream at the revision read: of two configurations racing for one
 * domain exactly one is written; the other decides again and is refused
 * SSO_DOMAIN_TAKEN.
 */
import { reservationDecider } from '../../shared/reservation.js';
import type { Decider } from '../../shared/decider.js';
import { derivedId } from '../../shared/derived-id.js';
import { DomainError } from '../../shared/domain-error.js';

export interface SsoDomainReserved {
  type: 'SsoDomainReserved';
  data: { domain: string; organizationId: string };
}

/** A configuration dropped the domain: it is free again. */
export interface SsoDomainReleased {
  type: 'SsoDomainReleased';
  data: { domain: string; organizationId: string };
}

export type SsoDomainEvent = SsoDomainReserved | SsoDomainReleased;

export type SsoDomainCommand =
  | {
      type: 'ReserveSsoDomain';
      data: {
        domain: string;
        organizationId: string;
        /** Another organization the read model shows with this domain (a configuration saved before reservations existed), or null. */
        heldElsewhere: string | null;
      };
    }
  | { type: 'ReleaseSsoDomain'; data: { domain: string; organizationId: string } };

/** Who holds the domain now (null: free). */
export interface SsoDomainState {
  holder: string | null;
}

/** A domain compares lower case, without surrounding spaces: "Retail.Example" and "retail.example" are one. */
export function ssoDomainKey(domain: string): string {
  return derivedId(`sso-domain:${domain.trim().toLowerCase()}`);
}

export const ssoDomainDecider: Decider<SsoDomainState, SsoDomainCommand, SsoDomainEvent> = reservationDecider<SsoDomainCommand, SsoDomainEvent>({
  reserve: 'ReserveSsoDomain',
  reserved: 'SsoDomainReserved',
  released: 'SsoDomainReleased',
  taken: (data) => new DomainError('SSO_DOMAIN_TAKEN', { domains: [data.domain] }),
});
