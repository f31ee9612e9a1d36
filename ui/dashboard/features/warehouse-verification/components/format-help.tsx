import { Box, Button, Heading, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../components/list';
import { formatFileSize, sampleCsv, VERIFICATION_MAX_BYTES } from '../verification-file';

/** What the file must look like, and a sample to start from. */
export function FormatHelp() {
  const { t, i18n } = useTranslation('warehouse-verification');
  return (
    <Box as="section" aria-labelledby="verification-format" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h3" size="sm" id="verification-format" mb="2">
        {t('format.title')}
      </Heading>
      <List.Root gap="1" ps="5" mb="3" fontSize="sm">
        <List.Item>{t('format.header')}</List.Item>
        <List.Item>{t('format.separator')}</List.Item>
        <List.Item>{t('format.codes')}</List.Item>
        <List.Item>{t('format.size', { size: formatFileSize(VERIFICATION_MAX_BYTES, i18n.language) })}</List.Item>
      </List.Root>
      <Text fontSize="sm" mb="3">
        {t('format.nothingChanges')}
      </Text>
      <Button size="sm" variant="outline" onClick={() => download(new Blob([`\uFEFF${sampleCsv()}`], { type: 'text/csv;charset=utf-8' }), t('format.sampleName'))}>
        {t('format.sample')}
      </Button>
    </Box>
  );
}
