import { Box, Button, Field, HStack, Heading, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../../shared/format/format';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSaveSftpImport, type SftpSettings } from '../api/sftp';

interface CategoryNode {
  id: string;
  label: string;
  identifier: string;
  children: CategoryNode[];
}

const flatten = (nodes: readonly CategoryNode[], depth = 0): Array<{ id: string; label: string; depth: number }> =>
  nodes.flatMap((node) => [{ id: node.id, label: `${node.label} (${node.identifier})`, depth }, ...flatten(node.children, depth + 1)]);

/** The import's configuration (catalogue, parent categories, suffix, status) and its last import, with a link to its report. */
export function ImportConfiguration({ organizationId, settings }: { organizationId: string; settings: SftpSettings }) {
  const { t, i18n } = useTranslation('sftp');
  const save = useSaveSftpImport(organizationId);
  const config = settings.importConfiguration;
  const [parents, setParents] = useState<string[]>(config.parentCategories.map((c) => c.id));
  const [suffix, setSuffix] = useState(config.suffix ?? '');
  const [status, setStatus] = useState(config.status);
  const tree = useQuery({ queryKey: ['sftp', 'categories', settings.accountId], queryFn: ({ signal }) => api.get<{ items: CategoryNode[] }>('/categories/connected-tree', { query: { accountId: settings.accountId }, signal }).then((a) => a.items) });
  const last = settings.lastImport;
  return (
    <Stack gap="6">
      <Stack as="form" gap="4" maxW="2xl" onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ body: { parentCategoryIds: parents, suffix: suffix.trim() === '' ? null : suffix.trim(), status }, revision: settings.revision });
      }}>
        <Text>
          {t('fields.catalog')}: <strong>{config.catalog.name}</strong> · {t('fields.fileName')}: <code>{config.fileName}</code>
        </Text>
        <Field.Root>
          <Field.Label>{t('fields.parentCategoryIds')}</Field.Label>
          <select multiple size={8} value={parents} aria-label={t('fields.parentCategoryIds')} onChange={(event) => setParents([...event.target.selectedOptions].map((o) => o.value))} style={{ width: '100%', border: '1px solid var(--chakra-colors-border)', borderRadius: 6, padding: 4 }}>
            {flatten(tree.data ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {`${'\u00a0\u00a0'.repeat(option.depth)}${option.label}`}
              </option>
            ))}
          </select>
          <Field.HelperText>{t('help.parents')}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('fields.suffix')}</Field.Label>
          <Input value={suffix} maxLength={32} onChange={(event) => setSuffix(event.target.value)} />
          <Field.HelperText>{t('help.suffix')}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('fields.importStatus')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(event) => setStatus(event.target.value as typeof status)}>
              <option value="active">{t('importStatus.active')}</option>
              <option value="inactive">{t('importStatus.inactive')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {save.error ? <ApiErrorAlert error={save.error} /> : null}
        {save.isSuccess && !save.isPending ? <Text color="fg.success">{t('saved')}</Text> : null}
        <HStack>
          <Button type="submit" colorPalette="green" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </HStack>
      </Stack>
      <Box borderWidth="1px" borderRadius="md" p="4" data-testid="sftp-last-import" data-status={last?.status ?? 'none'}>
        <Heading as="h2" size="sm" mb="2">
          {t('lastImport.title')}
        </Heading>
        {last ? (
          <Stack gap="1">
            <Text>
              {t(`lastImport.status.${last.status}`)} · {formatDateTime(last.createdAt, i18n.language)}
            </Text>
            <Text data-testid="sftp-last-import-counts">{t('lastImport.counts', { ...last.counts })}</Text>
            {last.error ? <Text color="fg.error">{last.error.message}</Text> : null}
            <Link asChild color="colorPalette.fg">
              <RouterLink to={`/accounts/${encodeURIComponent(settings.accountId)}/catalog-imports?import=${encodeURIComponent(last.id)}`}>{t('lastImport.report')}</RouterLink>
            </Link>
          </Stack>
        ) : (
          <Text color="fg.muted">{t('lastImport.none')}</Text>
        )}
      </Box>
    </Stack>
  );
}
