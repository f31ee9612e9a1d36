import { Alert, Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { AlertDialog } from '../../../../shared/components/alert-dialog';
import { toaster } from '../../../components/toaster';
import { api } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { useDeleteAccount, useReindexCatalogue } from '../api/client-mutations';
import { clientKeys } from '../api/keys';
import { clientPaths } from '../paths';
import type { CatalogueReindex } from '../types';

/** The specification's keys of a deletion's refusals (details.reason), each with the screen's own text. */
const REFUSALS = ['still_active', 'has_linked_buyers', 'has_linked_retailers', 'account_not_found'] as const;

/** What the client's form offers besides saving: its pages, its linked buyers, the catalogue's reindex, the account's deletion. */
export function AccountActions({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation(['clients', 'common']);
  const can = useCan();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const reindex = useReindexCatalogue();
  const progress = useQuery({
    queryKey: clientKeys.reindex(id),
    queryFn: ({ signal }) => api.get<CatalogueReindex>(`/clients/${encodeURIComponent(id)}/catalogue-reindex`, { signal }),
    enabled: reindex.isSuccess,
    refetchInterval: (query) => (query.state.data?.rebuilds.some((r) => r.status === 'queued' || r.status === 'running') ? 1000 : false),
  });
  const rebuilds = progress.data?.rebuilds ?? reindex.data?.rebuilds ?? [];
  const running = rebuilds.some((r) => r.status === 'queued' || r.status === 'running');

  function confirmDeletion() {
    remove.mutate(id, {
      onSuccess: (answer) => {
        toaster.create({ type: 'success', title: answer.status === 202 ? t('deletion.started', { name }) : t('deletion.done', { name }) });
        void navigate(clientPaths.list);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.isServerError) return;
        const reason = error instanceof ApiError ? String(error.details?.reason ?? '') : '';
        setRefusal((REFUSALS as readonly string[]).includes(reason) ? t(`deletion.refusals.${reason}`) : t('deletion.refusals.unknown'));
      },
    });
  }

  return (
    <>
      <HStack gap="3" wrap="wrap">
        <Button asChild variant="outline" size="sm">
          <RouterLink to={clientPaths.pages(id)}>{t('actions.pages')}</RouterLink>
        </Button>
        <Button asChild variant="outline" size="sm">
          <RouterLink to={clientPaths.linkedBuyers(id)}>{t('actions.linkedBuyers')}</RouterLink>
        </Button>
        {can('client.manage') && (
          <Button variant="outline" size="sm" loading={reindex.isPending || running} onClick={() => reindex.mutate(id)} data-testid="catalogue-reindex">
            {t('actions.reindex')}
          </Button>
        )}
        {can('client.delete') && (
          <Button colorPalette="red" variant="outline" size="sm" onClick={() => { setRefusal(null); setConfirming(true); }}>
            {t('actions.delete')}
          </Button>
        )}
      </HStack>
      {rebuilds.length > 0 && (
        <Text fontSize="sm" color="fg.muted" mt="2" data-testid="reindex-progress">
          {running ? t('reindex.running', { done: rebuilds.filter((r) => r.status === 'finished').length, total: rebuilds.length }) : rebuilds.some((r) => r.status === 'failed') ? t('reindex.failed') : t('reindex.done')}
        </Text>
      )}
      <AlertDialog
        open={confirming}
        onDismiss={() => setConfirming(false)}
        title={t('deletion.title', { name })}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button colorPalette="red" onClick={confirmDeletion} loading={remove.isPending} disabled={refusal !== null}>
              {t('deletion.confirm')}
            </Button>
          </>
        }
      >
        <Text mb={refusal ? '4' : '0'}>{t('deletion.warning')}</Text>
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{refusal}</Alert.Title>
          </Alert.Root>
        )}
      </AlertDialog>
    </>
  );
}
