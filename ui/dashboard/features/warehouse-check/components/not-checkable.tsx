import type { ItemView } from '@server/application/warehouse/warehouse-views';
import { Alert, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { AppLink } from '../../../components/page';
import { useMe } from '../../../lib/auth';
import { menuOffers } from '../../../lib/menu';
import type { CheckRefusal } from '../check-refusal';
import { checkPaths } from '../paths';

/** Why this item cannot be checked now (specification 001 §8), its status, and the way to it (or to check-in, when it must be registered first). */
export function NotCheckable({ item, refusal }: { item: ItemView; refusal: CheckRefusal }) {
  const { t } = useTranslation(['warehouse-check', 'api']);
  const me = useMe();
  return (
    <Alert.Root status="warning" role="alert" data-testid="not-checkable" data-code={refusal.code}>
      <Alert.Indicator />
      <Alert.Content gap={2} minW="0">
        <Alert.Title>{t(`api:errors.${refusal.code}`)}</Alert.Title>
        <Alert.Description>
          {t('refusal.item', {
            code: formatIdentificationNumber(item.identificationNumber),
            product: item.product.label,
            status: t(`api:items.statuses.${refusal.status}`, { defaultValue: refusal.status }),
          })}
        </Alert.Description>
        <HStack gap={4} flexWrap="wrap">
          <AppLink to={checkPaths.item(item.id)}>{t('refusal.openItem')}</AppLink>
          {refusal.code === 'ITEM_NOT_CHECKED_IN' && menuOffers(me, checkPaths.checkIn) && <AppLink to={checkPaths.checkIn}>{t('refusal.checkIn')}</AppLink>}
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
