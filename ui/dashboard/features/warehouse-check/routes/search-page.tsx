import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CheckLayout } from '../components/check-layout';
import { CodeSearch } from '../components/code-search';

/** /warehouse/check: the code of the device to check, typed or scanned. */
export function Component() {
  const { t } = useTranslation('warehouse-check');
  return (
    <CheckLayout step="search">
      <Stack gap={4} maxW="3xl">
        <Text>{t('search.intro')}</Text>
        <CodeSearch />
      </Stack>
    </CheckLayout>
  );
}
