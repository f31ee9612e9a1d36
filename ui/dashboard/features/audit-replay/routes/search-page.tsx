import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { CodeSearchForm } from '../components/code-search-form';

/** /replay: the auditor types or scans a buyback's 13-digit code (or comes from a buyback's detail). */
export function Component() {
  const { t } = useTranslation('audit-replay');
  return (
    <Page title={t('search.title')} breadcrumbs={[{ label: t('search.title') }]}>
      <Stack gap="5" maxW="2xl">
        <Text>{t('search.intro')}</Text>
        <CodeSearchForm />
      </Stack>
    </Page>
  );
}
