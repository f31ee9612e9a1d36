import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PaymentCommand } from '../types';
import { PAYMENT_DIALOG_COMMANDS, type PaymentDialogCommand } from './payment-command-dialog';

/** A button per command the payment allows now (the API's `allowedCommands`), nothing for the others. */
export function PaymentActionButtons({
  allowed,
  onOpen,
  size = 'md',
}: {
  allowed: readonly PaymentCommand[];
  onOpen(command: PaymentDialogCommand): void;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('payments');
  const shown = PAYMENT_DIALOG_COMMANDS.filter((command) => allowed.includes(command));
  if (shown.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap">
      {shown.map((command) => (
        <Button key={command} size={size} colorPalette="brand" variant={command === 'RelaunchPayment' ? 'solid' : 'outline'} onClick={() => onOpen(command)}>
          {t(`actions.${command}`)}
        </Button>
      ))}
    </HStack>
  );
}
