import { Button, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../../shared/components/alert-dialog';
import { useArchiveCheckpoints } from '../api/categories';
import type { ParentChange } from '../types';

/** Moving a category: the inherited questions it loses and gains, named, before the change is saved. */
export function ParentChangeDialog({ change, onCancel, onConfirm, pending }: { change: ParentChange | null; onCancel(): void; onConfirm(): void; pending: boolean }) {
  const { t } = useTranslation(['categories', 'common']);
  const questions = (items: ParentChange['lost']) => (
    <List.Root ps="5" mb="3">
      {items.map((q) => (
        <List.Item key={q.id}>{t('parentChange.question', { title: q.title, category: q.categoryLabel })}</List.Item>
      ))}
    </List.Root>
  );
  return (
    <AlertDialog
      open={change !== null}
      onDismiss={onCancel}
      title={t('parentChange.title')}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button colorPalette="brand" onClick={onConfirm} loading={pending}>
            {t('parentChange.confirm')}
          </Button>
        </>
      }
    >
      <Text mb="3">{t('parentChange.intro')}</Text>
      <Text fontWeight="medium">{t('parentChange.lost', { count: change?.lost.length ?? 0 })}</Text>
      {questions(change?.lost ?? [])}
      <Text fontWeight="medium">{t('parentChange.gained', { count: change?.gained.length ?? 0 })}</Text>
      {questions(change?.gained ?? [])}
    </AlertDialog>
  );
}

/** Archiving a category: what it affects (GET …/checkpoints-to-archive), each named, before it is archived. */
export function ArchiveDialog({ id, open, onCancel, onConfirm, pending }: { id: string; open: boolean; onCancel(): void; onConfirm(): void; pending: boolean }) {
  const { t } = useTranslation(['categories', 'common']);
  const checkpoints = useArchiveCheckpoints(id, open);
  return (
    <AlertDialog
      open={open}
      onDismiss={onCancel}
      title={t('archive.title')}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={pending} disabled={!checkpoints.data}>
            {t('archive.confirm')}
          </Button>
        </>
      }
    >
      <Text mb="3">{t('archive.intro')}</Text>
      {checkpoints.data && checkpoints.data.checkpoints.length === 0 && <Text>{t('archive.nothing')}</Text>}
      <List.Root ps="5" data-testid="archive-checkpoints">
        {checkpoints.data?.checkpoints.map((c) => (
          <List.Item key={c.code}>{t(`archive.checkpoints.${c.code}`, { count: c.count })}</List.Item>
        ))}
      </List.Root>
    </AlertDialog>
  );
}
