import { HStack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { toaster } from '../../../components/toaster';
import { itemQueryOptions } from '../../../components/warehouse-item/api/get-item';
import { DisputeMailState } from '../../items-stock/components/dispute-mail-state';
import type { ItemDialogProps } from '../../items-stock/components/item-dialog';
import { useItemCommandDialog } from '../../items-stock/hooks/use-item-command-dialog';
import { useSendDisputeMail } from '../api/send-dispute-mail';

/** Sends the quarantined device's dispute e-mail to its customer again: the last one's fate first, then the answer. */
export function DisputeMailDialog(props: ItemDialogProps) {
  const { t } = useTranslation(['warehouse-quarantine', 'common']);
  const queryClient = useQueryClient();
  // Whether the e-mail left is recorded on the item: read it back to say so.
  const said = () =>
    void queryClient.fetchQuery(itemQueryOptions(props.item.id)).then(({ item }) =>
      toaster.create(
        item.disputeMail?.delivered
          ? { type: 'success', title: t('warehouse-quarantine:notifications.mailSent') }
          : { type: 'error', title: t('warehouse-quarantine:notifications.mailFailed') },
      ),
    );
  const command = useItemCommandDialog(useSendDisputeMail(), props, { done: said, onOpen: () => undefined });

  function submit(event: FormEvent) {
    event.preventDefault();
    command.send({});
  }

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t('warehouse-quarantine:mail.title')}
      onSubmit={submit}
      failure={command.failure}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('warehouse-quarantine:mail.submit')}
      submitPalette="brand"
      submitting={command.submitting}
    >
      <Text>{t('warehouse-quarantine:mail.intro', { product: props.item.product.label })}</Text>
      <HStack gap="3" align="flex-start" wrap="wrap">
        <Text fontWeight="medium">{t('warehouse-quarantine:mail.last')}</Text>
        <DisputeMailState mail={props.item.disputeMail} />
      </HStack>
    </FormDialog>
  );
}
