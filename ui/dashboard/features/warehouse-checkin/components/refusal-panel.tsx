import { Alert, Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIdentificationNumber } from '../../../../shared/format/format';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { AppLink } from '../../../components/page';
import { ItemCandidates } from '../../../components/warehouse-item/item-candidates';
import { checkInPaths } from '../paths';
import type { CheckedIn } from '../session-log';
import type { CheckInRefusal } from './use-check-in';

interface RefusalPanelProps {
  refusal: CheckInRefusal;
  /** The parcels checked in during this session: a parcel scanned twice says when it was. */
  log: readonly CheckedIn[];
  onRetry(code: string): void;
  /** The operator confirms they hold a device its store never shipped: it is received from the store. */
  onReconcile(code: string): void;
  pending: boolean;
}

/** Why the last code was not checked in, and what the operator can do about it. */
export function RefusalPanel({ refusal, log, onRetry, onReconcile, pending }: RefusalPanelProps) {
  const { t, i18n } = useTranslation(['warehouse-checkin', 'api']);
  switch (refusal.kind) {
    case 'ambiguous':
      return <ItemCandidates ns="warehouse-checkin" candidates={refusal.candidates} more={refusal.more} pending={pending} onPick={(candidate) => onRetry(candidate.identificationNumber)} />;
    case 'disabled':
      return (
        <Alert.Root status="info" role="alert">
          <Alert.Indicator />
          <Alert.Content gap={2}>
            <Alert.Description>{t('api:errors.WAREHOUSE_CHECKIN_DISABLED')}</Alert.Description>
            <AppLink to={checkInPaths.checkSearch}>{t('refusal.toCheck')}</AppLink>
          </Alert.Content>
        </Alert.Root>
      );
    case 'failure':
      return <ApiErrorAlert error={refusal.error} onRetry={() => onRetry(refusal.code)} />;
    case 'inStore': {
      const code = formatIdentificationNumber(refusal.code);
      return (
        <Alert.Root status="warning" role="alert" data-testid="check-in-still-in-store">
          <Alert.Indicator />
          <Alert.Content gap={2} minW="0">
            <Alert.Title>{refusal.packageNumber ? t('refusal.inStorePackage', { code, number: refusal.packageNumber }) : t('refusal.inStore', { code })}</Alert.Title>
            <Alert.Description>{t('refusal.reconcileHelp')}</Alert.Description>
            <HStack>
              <Button size="sm" colorPalette="brand" loading={pending} onClick={() => onReconcile(refusal.code)} data-testid="check-in-reconcile">
                {t('refusal.reconcile')}
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      );
    }
    case 'status': {
      const item = refusal.item;
      const earlier = item ? log.find((entry) => entry.itemId === item.id) : undefined;
      return (
        <Alert.Root status="warning" role="alert" data-testid="check-in-refused">
          <Alert.Indicator />
          <Alert.Content gap={2} minW="0">
            <Alert.Title>{t('api:errors.ITEM_CHECKIN_STATUS_INVALID')}</Alert.Title>
            <Alert.Description>
              {t('refusal.status', {
                code: formatIdentificationNumber(item?.identificationNumber ?? refusal.code),
                status: t(`api:items.statuses.${refusal.status}`, { defaultValue: refusal.status }),
              })}
            </Alert.Description>
            {earlier && <Alert.Description>{t('refusal.earlier', { at: formatDateTime(earlier.at, i18n.language) })}</Alert.Description>}
            {item && (
              <HStack gap={4} flexWrap="wrap">
                <AppLink to={checkInPaths.item(item.id)}>{t('refusal.openItem')}</AppLink>
                {item.allowedActions.includes('RecordComplianceCheck') && <AppLink to={checkInPaths.check(item.id)}>{t('refusal.check')}</AppLink>}
              </HStack>
            )}
          </Alert.Content>
        </Alert.Root>
      );
    }
    default: {
      const unknown: never = refusal;
      return unknown;
    }
  }
}
