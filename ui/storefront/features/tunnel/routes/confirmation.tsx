import { Button, Text } from '@chakra-ui/react';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { instructionsQuery } from '../../../../shared/buyback-path/api/get-instructions';
import { ConfirmationCodes } from '../../../../shared/buyback-path/components/confirmation-codes';
import { PageBody } from '../../../components/page-body';
import { PageHeader } from '../../../components/page-header';
import { ConfirmationLinks, RegisteredBuybacks } from '../components/registered-buybacks';
import { confirmationsOf } from '../confirmation-storage';
import { tunnelPaths } from '../paths';

/**
 * /buyback-confirmation?ids=a,b: the code of each registered buyback. The
 * visitor's token cannot read a buyback back, so the page shows what this
 * browser's creates answered (confirmation-storage.ts), and says so when it
 * has nothing for these ids. Rendered on the server from the visitor's
 * confirmations cookie when it holds them all (app/server.tsx).
 */
export function Component() {
  const { t } = useTranslation(['tunnel', 'common']);
  const [params] = useSearchParams();
  const ids = useMemo(() => tunnelPaths.confirmation.ids(params), [params]);
  const buybacks = useMemo(() => confirmationsOf(ids), [ids]);
  // Each buyback's instructions come with the page, not after it: a block appearing above the links would move them.
  const { api } = useAppEnvironment();
  const instructions = useQueries({ queries: buybacks.map((buyback) => instructionsQuery(api, buyback.id)) });
  if (instructions.some((query) => query.isPending)) return <PageHeader title={t('confirmation.title', { count: buybacks.length })} />;

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
