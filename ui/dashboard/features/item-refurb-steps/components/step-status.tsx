import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const PALETTE: Record<string, string> = { to_do: 'gray', in_progress: 'blue', paused: 'orange', cancelled: 'red', completed: 'green' };

/** A step's status as a badge, in the reader's language. */
export function StepStatus({ status }: { status: string }) {
  const { t } = useTranslation('item-refurb-steps');
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} data-testid="step-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
