import type { ItemView } from '@server/application/warehouse/warehouse-views';
import { Alert, Box } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { ItemCodeForm, selectForNext } from '../../../components/warehouse-item/item-code-form';
import type { CheckedIn } from '../session-log';
import { readPackageNumber } from '@server/domain/logistics/packages/package-number';
import { PackageResult } from './package-result';
import { RefusalPanel } from './refusal-panel';
import { useCheckIn } from './use-check-in';

/**
 * The code field of check-in, then what became of the last code: registered
 * (announced politely: the operator's eyes are on the next parcel) or why it
 * was refused; `onRegistered` receives each item registered (and whether it
 * came from the latest code). Both check-in screens use it.
 */
export function CheckInPanel({ log, onRegistered }: { log: readonly CheckedIn[]; onRegistered(item: ItemView, latest: boolean): void }) {
  const { t } = useTranslation('warehouse-checkin');
  const checkIn = useCheckIn(onRegistered);
  const input = useRef<HTMLInputElement>(null);
  // A candidate picked or a retry: the code is sent, then the field is ready for the next parcel again.
  const retry = (code: string) => void checkIn.submit(code).finally(() => selectForNext(input));
  const reconcile = (code: string) => void checkIn.submit(code, true).finally(() => selectForNext(input));
  return (
    <Box>
      <ItemCodeForm ns="warehouse-checkin" onCode={checkIn.submit} pending={checkIn.pending} problem={checkIn.problem} inputRef={input} otherCode={readPackageNumber} />
      {/* Always in the page, so that what comes into it is announced. */}
      <Box role="status">
        {checkIn.registered && (
          <Alert.Root status="success" mt={4} data-testid="check-in-done">
            <Alert.Indicator />
            <Alert.Title>
              {t('registered', { code: formatIdentificationNumber(checkIn.registered.identificationNumber), product: checkIn.registered.product.label })}
            </Alert.Title>
          </Alert.Root>
        )}
        {checkIn.parcel && <PackageResult parcel={checkIn.parcel} />}
      </Box>
      {checkIn.refusal && (
        <Box mt={4}>
          <RefusalPanel refusal={checkIn.refusal} log={log} pending={checkIn.pending} onRetry={retry} onReconcile={reconcile} />
        </Box>
      )}
    </Box>
  );
}

/** What the session list keeps of an item just registered. */
export function checkedInEntry(item: ItemView): CheckedIn {
  return {
    itemId: item.id,
    identificationNumber: item.identificationNumber,
    shortCode: item.shortCode,
    product: item.product.label,
    stockId: item.stockId,
    at: item.receivedAt ?? new Date().toISOString(),
  };
}
