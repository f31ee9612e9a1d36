import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { useItem } from '../../../components/warehouse-item/api/get-item';
import { useItemByCode } from '../../../components/warehouse-item/api/get-item-by-code';
import { checkRefusal } from '../check-refusal';
import { CheckLayout } from '../components/check-layout';
import { CheckWizard } from '../components/check-wizard';
import { CodeSearch } from '../components/code-search';
import { NotCheckable } from '../components/not-checkable';
import { LoadingStatus } from '../../../components/loading-status';

/** /warehouse/check/{itemId}: the check of one item; one that cannot be checked now says why, with the field for another code. */
export function Component() {
  const { itemId = '' } = useParams();
  return <CheckScreen key={itemId} itemId={itemId} />;
}

function CheckScreen({ itemId }: { itemId: string }) {
  const item = useItem(itemId);
  // The item with what its check needs of its buyback: read by its 13-digit code.
  const found = useItemByCode(item.data?.item.identificationNumber);
  /** The lookup the check began with: later reads (after the check, or someone else's command) do not change the screen under the operator. */
  const [begun, setBegun] = useState<{ data: NonNullable<typeof found.data>; round: number } | null>(null);
  if (found.data && begun === null) setBegun({ data: found.data, round: 0 });

  const reload = async () => {
    const fresh = await found.refetch();
    if (fresh.data) setBegun((current) => ({ data: fresh.data, round: (current?.round ?? 0) + 1 }));
  };

  if (begun) {
    const { lookup, etag } = begun.data;
    const refusal = checkRefusal(lookup);
    if (!refusal) return <CheckWizard key={begun.round} lookup={lookup} etag={etag} onReload={() => void reload()} />;
    return (
      <CheckLayout step="search">
        <Stack gap={4} maxW="3xl">
          <NotCheckable item={lookup.item} refusal={refusal} />
          <CodeSearch />
        </Stack>
      </CheckLayout>
    );
  }
  const error = item.error ?? found.error;
  return (
    <CheckLayout step={error ? 'search' : 'specifications'}>
      {error ? (
        <Stack gap={4} maxW="3xl">
          <ApiErrorAlert error={error} onRetry={() => void (item.isError ? item.refetch() : found.refetch())} />
          <CodeSearch />
        </Stack>
      ) : (
        <LoadingStatus />
      )}
    </CheckLayout>
  );
}
