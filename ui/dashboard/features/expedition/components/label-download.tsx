import type { PackageView } from '@server/application/logistics/logistics-views';
import { Alert, Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { download } from '../../../components/list';
import { useLabelReadiness } from '../../../../shared/labels/label-polling';
import { api } from '../../../lib/api-client';
import { getPackageLabel, packageLabelPath } from '../api/get-package-label';

/**
 * A closed package's transport label: asked after 3, 5, 10 and 15 seconds
 * while the carrier makes it, then downloaded as a PDF; "not available" with
 * a retry when it still is not; nothing to print for a package the
 * retailer's own transport collects.
 */
export function LabelDownload({ pkg }: { pkg: PackageView }) {
  const { t } = useTranslation('expedition');
  const withLabel = pkg.labelMode === 'with_label';
  const closed = pkg.status !== 'open' && pkg.status !== 'discarded';
  const readiness = useLabelReadiness(api, withLabel && closed ? packageLabelPath(pkg.id) : null);
  const fetchLabel = useMutation({
    mutationFn: () => getPackageLabel(pkg.id),
    onSuccess: (pdf) => download(pdf, `label-${pkg.number}.pdf`),
  });

  return (
    <Box as="section" aria-labelledby="label-title" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 5 }}>
      <Heading as="h2" size="md" mb="4" id="label-title">
        {t('confirmation.label.title')}
      </Heading>
      <Box role="status" data-testid="label-state">
        {!withLabel || readiness.state === 'none' ? (
          <Text data-testid="label-not-needed">{t('confirmation.label.notNeeded')}</Text>
        ) : readiness.state === 'ready' ? (
          <Text>{t('confirmation.label.ready')}</Text>
        ) : readiness.state === 'unavailable' ? null : (
          <HStack gap="3">
            <Spinner size="sm" aria-hidden />
            <Text>{t('confirmation.label.pending')}</Text>
          </HStack>
        )}
      </Box>
      {withLabel && readiness.state === 'ready' && (
        <Stack gap="3" mt="3">
          <Box>
            <Button colorPalette="brand" loading={fetchLabel.isPending} loadingText={t('confirmation.label.downloading')} onClick={() => fetchLabel.mutate()}>
              {t('confirmation.label.download')}
            </Button>
          </Box>
          {fetchLabel.isError && <ApiErrorAlert error={fetchLabel.error} onRetry={() => fetchLabel.mutate()} />}
        </Stack>
      )}
      {withLabel && readiness.state === 'unavailable' && (
        <Box mt="3">
          <NotAvailable onRetry={readiness.retry} />
        </Box>
      )}
    </Box>
  );
}

function NotAvailable({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation(['expedition', 'common']);
  return (
    <Alert.Root status="warning" role="alert" alignItems="center" data-testid="label-not-available">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{t('confirmation.label.notAvailable')}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </Alert.Root>
  );
}
