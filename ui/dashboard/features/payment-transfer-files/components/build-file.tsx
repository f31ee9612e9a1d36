import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatMoney } from '../../../../shared/format/format';
import { toaster } from '../../../components/toaster';
import { useBuildTransferFile, useDueTransfers } from '../api/transfer-files';

/** How many transfers are due, and the button building the next file (an execution date may be asked for). */
export function BuildFile({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation('payment-transfer-files');
  const errorText = useApiErrorText();
  const due = useDueTransfers();
  const build = useBuildTransferFile();
  const [date, setDate] = useState('');
  const count = due.data?.count ?? 0;
  return (
    <HStack gap={4} align="end" flexWrap="wrap">
      <Text data-testid="due-count" minW="14rem">
        {due.isPending ? '…' : t('build.due', { count })}
      </Text>
      <Field.Root w="auto">
        <Field.Label>{t('build.executionDate')}</Field.Label>
        <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} data-testid="execution-date" />
      </Field.Root>
      <Button
        colorPalette="brand"
        disabled={disabled || count === 0}
        loading={build.isPending}
        data-testid="build-file"
        onClick={() =>
          build.mutate(date ? { requestedExecutionDate: date } : {}, {
            onSuccess: (file) =>
              toaster.create({
                type: 'success',
                title: t('build.built', { number: file.number, count: file.count, total: formatMoney(file.total, i18n.language) }),
                ...(file.leftOut.length > 0 ? { description: t('build.leftOut', { count: file.leftOut.length }) } : {}),
              }),
            onError: (error) => {
              if (error instanceof ApiError && error.isServerError) return;
              toaster.create({ type: 'error', title: errorText(error) });
            },
          })
        }
      >
        {t('build.action')}
      </Button>
    </HStack>
  );
}
