import { Box, Grid, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { ImportReport } from '../components/import-report';
import { ImportsList } from '../components/imports-list';
import { UploadForm } from '../components/upload-form';

/**
 * /accounts/{accountId}/catalog-imports: a products file (an export,
 * edited) sent; the imports listed, paged, newest first; the one chosen
 * shows its report in the side panel: dates, counts, ignored lines and why.
 */
export function Component() {
  const { t } = useTranslation('catalog-transfer');
  const { accountId = '' } = useParams();
  // `?import=<id>`: a link to one import's report (the SFTP import configuration's last import).
  const [searchParams] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(searchParams.get('import'));
  return (
    <Page title={t('imports.title')}>
      <Stack gap="8">
        <UploadForm accountId={accountId} onStarted={(view) => setSelected(view.id)} />
        <Grid templateColumns={{ base: '1fr', xl: selected ? 'minmax(0, 3fr) minmax(0, 2fr)' : '1fr' }} gap="6" alignItems="start">
          <Stack gap="3" minW="0">
            <Heading as="h2" size="md">
              {t('imports.listTitle')}
            </Heading>
            <ImportsList accountId={accountId} selected={selected} onSelect={setSelected} />
          </Stack>
          {selected ? (
            <Box as="aside" aria-label={t('imports.report.title')} borderWidth="1px" borderRadius="md" p="4" minW="0">
              <ImportReport key={selected} accountId={accountId} id={selected} />
            </Box>
          ) : null}
        </Grid>
      </Stack>
    </Page>
  );
}
