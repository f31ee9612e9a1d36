import { Alert, Button, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { AlertDialog } from '../../../../shared/components/alert-dialog';
import { toaster } from '../../../components/toaster';
import { useDeleteDispatchRule } from '../api/delete-dispatch-rule';
import { isStaleRules } from '../hooks/use-rule-refusal';
import type { DispatchRule } from '../types';

interface Props {
  rule: DispatchRule;
  revision: number;
  open: boolean;
  onClose(): void;
  /** The rules changed since the screen loaded them. */
  onStale(): void;
  onDeleted(): void;
}

/** Deleting a rule is final: confirmed first; the devices it sent stay where they are. */
export function DeleteRuleDialog({ rule, revision, open, onClose, onStale, onDeleted }: Props) {
  const { t } = useTranslation(['warehouse-dispatch', 'common']);
  const remove = useDeleteDispatchRule();
  const errorText = useApiErrorText();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  function confirm() {
    remove.mutate(
      { id: rule.id, revision },
      {
        onSuccess: () => {
          onClose();
          toaster.create({ type: 'success', title: t('warehouse-dispatch:notifications.deleted', { title: rule.title }) });
          onDeleted();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.isServerError) return;
          if (isStaleRules(error)) onStale();
          else setFailure(errorText(error));
        },
      },
    );
  }

  return (
    <AlertDialog
      open={open}
      onDismiss={onClose}
      title={t('warehouse-dispatch:delete.title', { title: rule.title })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button colorPalette="red" onClick={confirm} loading={remove.isPending} disabled={failure !== null}>
            {t('warehouse-dispatch:delete.confirm')}
          </Button>
        </>
      }
    >
      <Text mb={failure ? '4' : '0'}>{t('warehouse-dispatch:delete.warning')}</Text>
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
    </AlertDialog>
  );
}
