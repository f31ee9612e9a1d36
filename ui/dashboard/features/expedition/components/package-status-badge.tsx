import type { PackageView } from '@server/application/logistics/logistics-views';
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const PALETTES: Record<PackageView['status'], string> = {
  open: 'blue',
  discarded: 'gray',
  closed: 'orange',
  label_ready: 'green',
  handed_to_carrier: 'purple',
  delivered: 'green',
  carrier_failure: 'red',
};

/** A package's status, named in the user's language. */
export function PackageStatusBadge({ status }: { status: PackageView['status'] }) {
  const { t } = useTranslation('expedition');
  return (
    <Badge colorPalette={PALETTES[status]} variant="subtle" data-testid="package-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
