import { Button, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageBody } from '../../components/page-body';
import { PageHeader } from '../../components/page-header';
import { BuybackDocuments } from '../../features/confirmation-docs/components/buyback-documents';
import { confirmationsOf } from '../../features/tunnel/confirmation-storage';
import { tunnelPaths } from '../../features/tunnel/paths';
import { paths } from '../paths';

/** Whose documents: `?id=…&token=…` (the confirmation e-mail's link), else `?ids=a,b` and what this tab's registrations answered. */
function useDocumentsOf(): Array<{ id: string; token: string }> {
  const [params] = useSearchParams();
  return useMemo(() => {
    const id = params.get('id');
    const token = params.get('token');
    if (id && token) return [{ id, token }];
    return confirmationsOf(tunnelPaths.confirmation.ids(params)).flatMap((b) => (b.documentsToken ? [{ id: b.id, token: b.documentsToken }] : []));
  }, [params]);
}

/**
 * /buyback-confirmation-docs: each buyback's documents (transfer order,
 * tracking sheet, shipping label, gift card or voucher), listed and
 * downloaded with the signed, expiring documents token (features/confirmation-docs).
 */
export function Component() {
  const { t } = useTranslation(['app', 'confirmation-docs']);
  const buybacks = useDocumentsOf();
  return (
    <>
      <PageHeader title={t('confirmationDocs.title')} page="confirmationDocs" />
      <PageBody narrow>
        {buybacks.length === 0 ? (
          <Text data-testid="confirmation-docs-unknown">{t('confirmationDocs.unknown')}</Text>
        ) : (
          <Stack as="ul" gap={4} listStyleType="none" m={0} p={0}>
            <Text>{t('confirmationDocs.intro')}</Text>
            {buybacks.map((buyback) => (
              <BuybackDocuments key={buyback.id} buybackId={buyback.id} token={buyback.token} />
            ))}
            <Text fontSize="sm" color="fg.muted">
              {t('confirmation-docs:trackingHint')}
            </Text>
          </Stack>
        )}
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to={paths.home.to()}>{t('notFound.home')}</RouterLink>
        </Button>
      </PageBody>
    </>
  );
}
