import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import { ssoDomainDecider, ssoDomainKey, type SsoDomainCommand, type SsoDomainEvent } from './domain-reservation.js';

const spec = deciderSpecification(ssoDomainDecider);
const data = (organizationId: string) => ({ domain: 'retail.example', organizationId });
const reserve = (organizationId: string, heldElsewhere: string | null = null): SsoDomainCommand => ({ type: 'ReserveSsoDomain', data: { ...data(organizationId), heldElsewhere } });
const release = (organizationId: string): SsoDomainCommand => ({ type: 'ReleaseSsoDomain', data: data(organizationId) });
const reserved = (organizationId: string): SsoDomainEvent => ({ type: 'SsoDomainReserved', data: data(organizationId) });
const released = (organizationId: string): SsoDomainEvent => ({ type: 'SsoDomainReleased', data: data(organizationId) });

describe('Given an e-mail domain of single sign-on', () => {
  it('When it is free and a configuration names it, then it is reserved for that organization', () => {
    spec.given().when(reserve('a')).then([reserved('a')]);
  });

  it('When another organization holds it and a configuration names it, then it is refused with SSO_DOMAIN_TAKEN naming the domain', () => {
    spec.given(reserved('a')).when(reserve('b')).thenRefused('SSO_DOMAIN_TAKEN', { domains: ['retail.example'] });
  });

  it('When a configuration saved before reservations existed holds it (read model), then another is refused and the holder reserves it', () => {
    spec.given().when(reserve('b', 'a')).thenRefused('SSO_DOMAIN_TAKEN');
    spec.given().when(reserve('a', 'a')).then([reserved('a')]);
  });

  it('When its holder names it again, then nothing is recorded', () => {
    spec.given(reserved('a')).when(reserve('a')).then([]);
  });

  it('When its holder dropped it, then another organization may reserve it', () => {
    spec.given(reserved('a'), released('a')).when(reserve('b')).then([reserved('b')]);
  });

  it('When an organization that does not hold it releases it, then nothing is recorded; its holder releases it', () => {
    spec.given(reserved('a')).when(release('b')).then([]);
    spec.given().when(release('a')).then([]);
    spec.given(reserved('a')).when(release('a')).then([released('a')]);
  });

  it('keys a domain without case nor surrounding spaces', () => {
    expect(ssoDomainKey(' Retail.Example ')).toBe(ssoDomainKey('retail.example'));
    expect(ssoDomainKey('shop.retail.example')).not.toBe(ssoDomainKey('retail.example'));
  });
});
