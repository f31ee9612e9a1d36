import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
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
  const { t } = useTranslation('warehouse-dispatch');
  const remove = useDeleteDispatchRule();
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={t('delete.title', { title: rule.title })}
      warning={t('delete.warning')}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      onConfirm={(refused) =>
        remove.mutate(
          { id: rule.id, revision },
          {
            onSuccess: () => {
              onClose();
              toaster.create({ type: 'success', title: t('notifications.deleted', { title: rule.title }) });
              onDeleted();
            },
            onError: (error) => (isStaleRules(error) ? onStale() : refused(error)),
          },
        )
      }
    />
  );
}
