import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageBody } from '../../components/page-body';
import { useWhiteLabel } from '../../lib/white-label';
import { paths } from '../paths';

/** Where the tunnel sends a visitor whose answers give no price (ESTIMATE_NOT_POSSIBLE): the retailer's buyback-at-zero text when it wrote one (general settings). */
export function Component() {
  const { t } = useTranslation('app');
  const { buybackZeroDescription } = useWhiteLabel();
  return (
    <>
      <PageHeader title={t('estimateError.title')} page="estimateError" />
      <PageBody narrow>
        <Text data-testid="buyback-zero-text">{buybackZeroDescription ?? t('estimateError.text')}</Text>
        <Text>{t('estimateError.next')}</Text>
        <HStack gap={3} flexWrap="wrap">
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.search.to()}>{t('estimateError.search')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.faq.to()}>{t('estimateError.help')}</RouterLink>
          </Button>
        </HStack>
      </PageBody>
    </>
  );
}
