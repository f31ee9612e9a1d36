import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatIdentificationNumber } from '../../../shared/format/format';
import { PageBody } from '../../components/page-body';
import { PageHeader } from '../../components/page-header';
import { confirmationsOf } from '../../features/tunnel/confirmation-storage';
import { paths } from '../paths';

const KINDS = ['transfer-order', 'tracking-sheet', 'voucher'] as const;

interface DocumentsOf {
  id: string;
  identificationNumber: string | null;
  productLabel: string | null;
  token: string;
}

/** Where the documents are: `?id=…&token=…` (a link given to the customer), else `?ids=a,b` and what this tab's registrations answered. */
function useDocumentsOf(): DocumentsOf[] {
  const [params] = useSearchParams();
  return useMemo(() => {
    const id = params.get('id');
    const token = params.get('token');
    if (id && token) return [{ id, identificationNumber: null, productLabel: null, token }];
    const ids = (params.get('ids') ?? '').split(',').map((value) => value.trim()).filter(Boolean);
    return confirmationsOf(ids).flatMap((b) => (b.documentsToken ? [{ id: b.id, identificationNumber: b.identificationNumber, productLabel: b.productLabel, token: b.documentsToken }] : []));
  }, [params]);
}

/**
 * /buyback-confirmation-docs: each registered buyback's documents (transfer
 * order, tracking sheet, gift card or voucher), downloaded with the signed,
 * expiring documents token its registration answered, never its bare id.
 */
export function Component() {
  const { t } = useTranslation(['app', 'common']);
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
              <Box as="li" key={buyback.id} borderWidth="1px" borderRadius="l3" p={{ base: 4, md: 6 }} data-testid="confirmation-docs">
                {buyback.productLabel && (
                  <Heading as="h2" size="md">
                    {buyback.productLabel}
                  </Heading>
                )}
                {buyback.identificationNumber && <Text mb={3}>{t('confirmationDocs.code', { code: formatIdentificationNumber(buyback.identificationNumber) })}</Text>}
                <HStack gap={3} flexWrap="wrap">
                  {KINDS.map((kind) => (
                    <Button key={kind} asChild variant={kind === 'transfer-order' ? 'solid' : 'outline'} colorPalette="brand">
                      <a href={`/api/buybacks/${encodeURIComponent(buyback.id)}/documents/${kind}?token=${encodeURIComponent(buyback.token)}`} download data-testid={`document-${kind}`}>
                        {t(`common:buybackDocuments.${kind}`)}
                      </a>
                    </Button>
                  ))}
                </HStack>
                <Text mt={2} fontSize="sm" color="fg.muted">
                  {t('confirmationDocs.voucherNote')}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to={paths.home.to()}>{t('notFound.home')}</RouterLink>
        </Button>
      </PageBody>
    </>
  );
}
