import { Button, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmationCodes } from '../../../../shared/buyback-path/components/confirmation-codes';
import { PageBody } from '../../../components/page-body';
import { PageHeader } from '../../../components/page-header';
import { ConfirmationLinks, RegisteredBuybacks } from '../components/registered-buybacks';
import { confirmationsOf } from '../confirmation-storage';

/**
 * /buyback-confirmation?ids=a,b: the code of each registered buyback. The
 * visitor's token cannot read a buyback back, so the page shows what this
 * tab's creates answered, and says so when it has nothing for these ids.
 */
export function Component() {
  const { t } = useTranslation(['tunnel', 'common']);
  const [params] = useSearchParams();
  const ids = useMemo(() => (params.get('ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean), [params]);
  const buybacks = useMemo(() => confirmationsOf(ids), [ids]);

  return (
    <>
      <PageHeader title={buybacks.length > 0 ? t('confirmation.title', { count: buybacks.length }) : t('confirmation.unknownTitle')} />
      <PageBody narrow>
        {buybacks.length > 0 ? (
          <RegisteredBuybacks count={buybacks.length}>
            <ConfirmationCodes buybacks={buybacks} />
            {/* Their transfer order, tracking sheet and voucher, downloaded with each registration's documents token. */}
            <Button asChild colorPalette="brand" variant="outline" alignSelf="start">
              <RouterLink to={`/buyback-confirmation-docs?ids=${buybacks.map((b) => encodeURIComponent(b.id)).join(',')}`} data-testid="confirmation-docs-link">
                {t('common:buybackDocuments.open')}
              </RouterLink>
            </Button>
          </RegisteredBuybacks>
        ) : (
          <Text>{t('confirmation.unknown')}</Text>
        )}
        <ConfirmationLinks />
      </PageBody>
    </>
  );
}
