import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import { externalIdDecider, externalIdKey, type ExternalIdCommand, type ExternalIdEvent } from './external-id.js';

const spec = deciderSpecification(externalIdDecider);
const data = (organizationId: string) => ({ accountId: 'acc', externalId: 'ST-01', organizationId });
const reserve = (organizationId: string, heldElsewhere: string | null = null): ExternalIdCommand => ({ type: 'ReserveExternalId', data: { ...data(organizationId), heldElsewhere } });
const release = (organizationId: string): ExternalIdCommand => ({ type: 'ReleaseExternalId', data: data(organizationId) });
const reserved = (organizationId: string): ExternalIdEvent => ({ type: 'OrganizationExternalIdReserved', data: data(organizationId) });
const released = (organizationId: string): ExternalIdEvent => ({ type: 'OrganizationExternalIdReleased', data: data(organizationId) });

describe('an external id reservation', () => {
  it('given a free external id, when an organization reserves it, then it is reserved for it', () => {
    spec.given().when(reserve('a')).then([reserved('a')]);
  });

  it('given an external id reserved by another organization, when reserved, then it is refused with ENTITY_EXTERNAL_ID_TAKEN', () => {
    spec.given(reserved('a')).when(reserve('b')).thenRefused('ENTITY_EXTERNAL_ID_TAKEN', { externalId: 'ST-01' });
  });

  it('given an external id an older organization holds without a reservation, when another reserves it, then it is refused', () => {
    spec.given().when(reserve('b', 'a')).thenRefused('ENTITY_EXTERNAL_ID_TAKEN');
    spec.given().when(reserve('a', 'a')).then([reserved('a')]);
  });

  it('given an external id the organization holds, when it reserves it again, then nothing is recorded', () => {
    spec.given(reserved('a')).when(reserve('a')).then([]);
  });

  it('given an external id released by its holder, when another organization reserves it, then it is reserved for that one', () => {
    spec.given(reserved('a'), released('a')).when(reserve('b')).then([reserved('b')]);
  });

  it('given an external id another organization holds, when one that does not hold it releases it, then nothing is recorded', () => {
    spec.given(reserved('a')).when(release('b')).then([]);
    spec.given(reserved('a')).when(release('a')).then([released('a')]);
  });

  it('keys an external id by account, without case nor surrounding spaces', () => {
    expect(externalIdKey('acc', ' st-01 ')).toBe(externalIdKey('acc', 'ST-01'));
    expect(externalIdKey('other', 'ST-01')).not.toBe(externalIdKey('acc', 'ST-01'));
  });
});
