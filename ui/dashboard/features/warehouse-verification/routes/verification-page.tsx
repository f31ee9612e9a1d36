import { Box, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { VerificationForm } from '../components/verification-form';
import { VerificationsList } from '../components/verifications-list';

/** /verification: a list of codes compared with the warehouse, and the past verifications. */
export function Component() {
  const { t } = useTranslation('warehouse-verification');
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('title') }]}>
      <Stack gap="8">
        <VerificationForm />
        <Box as="section" aria-labelledby="verification-history">
          <Heading as="h2" size="lg" id="verification-history" mb="3">
            {t('history.title')}
          </Heading>
          <VerificationsList />
        </Box>
      </Stack>
    </Page>
  );
}
