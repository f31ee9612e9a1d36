import { Alert, Button, HStack, Link, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { Page } from '../../../components/page';
import { useExport, useStartExport, type ExportKind } from '../api/exports';

const KINDS: readonly ExportKind[] = ['products', 'categories', 'diagnostic-questions'];

/**
 * /accounts/{accountId}/catalog-export: choose what to export, start it,
 * and follow it (asked every 3 s) until its file's link or its error; the
 * entries written are shown as it goes. A new export starts over; a failed
 * one can be restarted as it was.
 */
export function Component() {
  const { t, i18n } = useTranslation('catalog-transfer');
  const { accountId = '' } = useParams();
  const [kind, setKind] = useState<ExportKind>('products');
  const [started, setStarted] = useState<{ kind: ExportKind; id: string } | null>(null);
  const start = useStartExport(accountId);
  const current = useExport(accountId, started);
  const number = new Intl.NumberFormat(i18n.language);
  const view = current.data;

  const launch = (what: ExportKind) =>
    start.mutate(what, {
      onSuccess: (created) => setStarted({ kind: what, id: created.id }),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    launch(kind);
  };
  const working = started !== null && (!view || view.status === 'queued' || view.status === 'running');

  return (
    <Page title={t('export.title')}>
      <Stack gap="6" maxW="2xl">
        <Text>{t('export.intro')}</Text>
        {started === null ? (
          <Stack asChild gap="4">
            <form onSubmit={submit} aria-label={t('export.title')}>
              <RadioGroup.Root value={kind} onValueChange={(details) => setKind(details.value as ExportKind)} data-testid="export-kind">
                <RadioGroup.Label fontWeight="medium" mb="2">
                  {t('export.what')}
                </RadioGroup.Label>
                <Stack gap="2">
                  {KINDS.map((value) => (
                    <RadioGroup.Item key={value} value={value} data-testid={`export-kind-${value}`}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t(`export.kinds.${value}`)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
              {start.isError && <ApiErrorAlert error={start.error} />}
              <HStack>
                <Button type="submit" colorPalette="brand" loading={start.isPending} data-testid="export-start">
                  {t('export.start')}
                </Button>
              </HStack>
            </form>
          </Stack>
        ) : (
          <Stack gap="4" aria-live="polite" data-testid="export-status" data-status={view?.status ?? 'queued'}>
            <Text fontWeight="medium">{t(`export.kinds.${started.kind}`)}</Text>
            {current.isError ? (
              <ApiErrorAlert error={current.error} onRetry={() => current.refetch()} />
            ) : working ? (
              <Text data-testid="export-progress">{t('export.working', { done: number.format(view?.entries ?? 0), total: number.format(view?.total ?? 0) })}</Text>
            ) : view?.status === 'done' ? (
              <Alert.Root status="success">
                <Alert.Indicator />
                <Stack gap="1">
                  <Alert.Title data-testid="export-entries">{t('export.done', { count: view.entries, formatted: number.format(view.entries) })}</Alert.Title>
                  <Alert.Description>
                    <Link href={view.downloadUrl ?? undefined} download={view.fileName ?? undefined} colorPalette="brand" textDecoration="underline" data-testid="export-download">
                      {t('export.download', { name: view.fileName })}
                    </Link>
                  </Alert.Description>
                </Stack>
              </Alert.Root>
            ) : (
              <Alert.Root status="error" role="alert" data-testid="export-error">
                <Alert.Indicator />
                <Alert.Title>{view?.error?.message ?? t('export.failed')}</Alert.Title>
              </Alert.Root>
            )}
            <HStack gap="3">
              {view?.status === 'failed' && (
                <Button variant="outline" loading={start.isPending} onClick={() => launch(started.kind)} data-testid="export-restart">
                  {t('export.restart')}
                </Button>
              )}
              <Button
                variant="outline"
                disabled={working}
                onClick={() => {
                  start.reset();
                  setStarted(null);
                }}
                data-testid="export-new"
              >
                {t('export.new')}
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </Page>
  );
}
