import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { useCan } from '../../../lib/auth';
import { useStartDataExport, type DataExportKind } from '../api/exports';

const KINDS: ReadonlyArray<{ kind: DataExportKind; permission: string; dated: boolean }> = [
  { kind: 'buybacks', permission: 'buyback.export', dated: true },
  { kind: 'items', permission: 'item.export', dated: false },
  { kind: 'payments', permission: 'payment.export', dated: true },
];

/** A date field's value (YYYY-MM-DD) as the start or the end of that day, UTC ISO-8601. */
const dayBound = (value: string, end: boolean) => (value ? new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}`).toISOString() : null);

/** The export's kind (only those the user may export) and, for buybacks and payments, creation dates; disabled until a kind is chosen. */
export function ExportForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('exports');
  const can = useCan();
  const start = useStartDataExport(organizationId);
  const [kind, setKind] = useState<DataExportKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const dated = KINDS.find((entry) => entry.kind === kind)?.dated ?? false;
  return (
    <Stack
      as="form"
      gap="4"
      maxW="2xl"
      onSubmit={(event) => {
        event.preventDefault();
        if (!kind) return;
        start.mutate({ kind, createdFrom: dated ? dayBound(from, false) : null, createdTo: dated ? dayBound(to, true) : null });
      }}
    >
      <Text>{t('intro')}</Text>
      <Field.Root required>
        <Field.Label>{t('form.kind')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="kind" value={kind} onChange={(event) => setKind(event.target.value as DataExportKind | '')}>
            <option value="">{t('form.choose')}</option>
            {KINDS.filter((entry) => can(entry.permission)).map((entry) => (
              <option key={entry.kind} value={entry.kind}>
                {t(`kinds.${entry.kind}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {dated && (
        <HStack gap="4" align="start" flexWrap="wrap">
          <Field.Root maxW="xs">
            <Field.Label>{t('form.createdFrom')}</Field.Label>
            <Input type="date" name="createdFrom" value={from} onChange={(event) => setFrom(event.target.value)} />
          </Field.Root>
          <Field.Root maxW="xs">
            <Field.Label>{t('form.createdTo')}</Field.Label>
            <Input type="date" name="createdTo" value={to} onChange={(event) => setTo(event.target.value)} />
          </Field.Root>
        </HStack>
      )}
      {start.isError && <ApiErrorAlert error={start.error} />}
      <HStack>
        <Button type="submit" disabled={!kind} loading={start.isPending}>
          {t('form.submit')}
        </Button>
      </HStack>
    </Stack>
  );
}
