import type { PackageView } from '@server/application/logistics/logistics-views';
import { Alert, Box, Button, Flex, Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { ApiErrorAlert, useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink, Page } from '../../../components/page';
import { ScanCodeField, selectForNext } from '../../../components/scan-code-field';
import { StaleAlert, useReloadAfterConflict } from '../../../components/stale-alert';
import { ApiError } from '../../../lib/api-client';
import { useClearPackage } from '../api/clear-package';
import { useClosePackage } from '../api/close-package';
import { useDiscardPackage } from '../api/discard-package';
import { usePackage } from '../api/get-package';
import { useWarehouses, warehouseName } from '../api/get-warehouses';
import { useRemovePackageItem } from '../api/remove-package-item';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PackageFacts } from '../components/package-facts';
import { PackedItems } from '../components/packed-items';
import { PackingInstructions } from '../components/packing-instructions';
import { usePackageScan, type ScanOutcome } from '../components/use-package-scan';
import { expeditionPaths, PACKAGE_PARAM } from '../paths';

/**
 * /packing-with-label?packageId=: the package being built. The code field
 * keeps the focus (a hardware scanner types into it; the camera on a phone);
 * each device scanned is listed, each refusal said in the seller's language;
 * a device taken out, the list cleared, the package abandoned or closed
 * (confirmed: it cannot be undone).
 */
export function Component() {
  const { t } = useTranslation('expedition');
  const [search] = useSearchParams();
  const packageId = search.get(PACKAGE_PARAM) ?? '';
  const found = usePackage(packageId);
  const pkg = found.data?.package;
  return (
    <Page title={t('packing.title')} breadcrumbs={[{ label: t('title'), to: expeditionPaths.list }, { label: t('packing.title') }]}>
      <Stack gap={{ base: 5, md: 6 }} maxW="3xl" minW="0">
        <PackingInstructions />
        {!packageId ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content gap="2">
              <Alert.Description>{t('packing.missing')}</Alert.Description>
              <AppLink to={expeditionPaths.list}>{t('actions.backToList')}</AppLink>
            </Alert.Content>
          </Alert.Root>
        ) : found.isError && !pkg ? (
          <ApiErrorAlert error={found.error} onRetry={() => void found.refetch()} />
        ) : !pkg ? (
          <LoadingStatus />
        ) : pkg.status === 'open' ? (
          <Packing pkg={pkg} etag={found.data?.etag ?? null} reload={() => void found.refetch()} />
        ) : (
          <NotOpen pkg={pkg} />
        )}
      </Stack>
    </Page>
  );
}

function NotOpen({ pkg }: { pkg: PackageView }) {
  const { t } = useTranslation('expedition');
  return (
    <>
      <Alert.Root status="info" role="alert">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Description>{pkg.status === 'discarded' ? t('packing.discarded') : t('packing.notOpen')}</Alert.Description>
          {pkg.status === 'discarded' ? (
            <AppLink to={expeditionPaths.list}>{t('actions.backToList')}</AppLink>
          ) : (
            <AppLink to={expeditionPaths.confirmation(pkg.id)}>{t('actions.seeLabel')}</AppLink>
          )}
        </Alert.Content>
      </Alert.Root>
      <PackageFacts pkg={pkg} />
    </>
  );
}

type Dialog = 'close' | 'discard' | null;

function Packing({ pkg, etag, reload }: { pkg: PackageView; etag: string | null; reload(): void }) {
  const { t } = useTranslation(['expedition', 'api']);
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const warehouses = useWarehouses().data;
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const readyForNext = () => selectForNext(input);
  const scanning = usePackageScan(pkg.id, readyForNext);
  const remove = useRemovePackageItem();
  const clear = useClearPackage();
  const discard = useDiscardPackage();
  const close = useClosePackage();
  const conflict = useReloadAfterConflict(reload);

  const onCode = (code: string) => {
    setNotice(null);
    setFailure(null);
    void scanning.scan(code);
  };
  const done = (text: string) => {
    scanning.forget();
    setNotice(text);
    readyForNext();
  };
  const failed = (error: unknown) => {
    setFailure(error);
    readyForNext();
  };

  const closeIt = () =>
    close.mutate(
      { packageId: pkg.id, etag },
      {
        onSuccess: () => void navigate(expeditionPaths.confirmation(pkg.id)),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 412) {
            setDialog(null);
            conflict.reload();
          }
        },
      },
    );
  const discardIt = () => discard.mutate({ packageId: pkg.id }, { onSuccess: () => void navigate(expeditionPaths.list) });
  const dialogFailure = (error: unknown) => (error && !(error instanceof ApiError && error.status === 412) ? errorText(error) : null);

  return (
    <>
      {conflict.stale && <StaleAlert title={t('packing.title')} onClose={conflict.dismiss} />}
      <PackageFacts pkg={pkg} />
      <Box as="section" aria-label={t('packing.code.label')}>
        <ScanCodeField
          label={t('packing.code.label')}
          help={t('packing.code.help')}
          submitLabel={t('packing.code.submit')}
          pendingLabel={t('packing.code.pending')}
          pending={scanning.pending}
          error={refusalText(scanning.outcome, t)}
          errorTestId="scan-problem"
          value={typed}
          onChange={setTyped}
          onCode={onCode}
          inputRef={input}
          inputMode="numeric"
          camera
        />
        {/* Always in the page, so that what comes into it is announced. */}
        <Box role="status" mt="3" _empty={{ display: 'none' }}>
          {scanning.outcome?.kind === 'added' && (
            <Alert.Root status="success" data-testid="scan-added">
              <Alert.Indicator />
              <Alert.Title>
                {t('packing.added', { code: formatIdentificationNumber(scanning.outcome.buyback.identificationNumber), product: scanning.outcome.buyback.productLabel })}
              </Alert.Title>
            </Alert.Root>
          )}
          {notice && (
            <Alert.Root status="info" data-testid="packing-notice">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          )}
        </Box>
        {scanning.outcome?.kind === 'failure' && (
          <Box mt="3">
            <ApiErrorAlert error={scanning.outcome.error} onRetry={() => onCode((scanning.outcome as { typed: string }).typed)} />
          </Box>
        )}
        {failure !== null && (
          <Box mt="3">
            <ApiErrorAlert error={failure} />
          </Box>
        )}
      </Box>
      <PackedItems
        items={pkg.buybacks}
        removing={remove.isPending ? (remove.variables?.buybackId ?? null) : null}
        onRemove={(item) =>
          remove.mutate(
            { packageId: pkg.id, buybackId: item.buybackId },
            { onSuccess: () => done(t('packing.items.removed', { code: formatIdentificationNumber(item.identificationNumber) })), onError: failed },
          )
        }
      />
      <Flex gap="3" wrap="wrap" direction={{ base: 'column', sm: 'row' }}>
        <Button colorPalette="brand" disabled={pkg.buybackCount === 0} onClick={() => setDialog('close')}>
          {t('packing.close')}
        </Button>
        <Button
          variant="outline"
          disabled={pkg.buybackCount === 0}
          loading={clear.isPending}
          onClick={() => clear.mutate({ packageId: pkg.id }, { onSuccess: () => done(t('packing.cleared')), onError: failed })}
        >
          {t('packing.clear')}
        </Button>
        <Button variant="outline" colorPalette="red" onClick={() => setDialog('discard')}>
          {t('packing.discard')}
        </Button>
      </Flex>
      <ConfirmDialog
        open={dialog === 'close'}
        title={t('packing.closeDialog.title', { number: pkg.number })}
        lines={[
          t('packing.closeDialog.body', { count: pkg.buybackCount, warehouse: warehouseName(warehouses, pkg.warehouseId) }),
          t('packing.closeDialog.irreversible'),
        ]}
        submitLabel={t('packing.closeDialog.submit')}
        submitPalette="brand"
        submitting={close.isPending}
        failure={dialogFailure(close.error)}
        onConfirm={closeIt}
        onClose={() => {
          close.reset();
          setDialog(null);
        }}
      />
      <ConfirmDialog
        open={dialog === 'discard'}
        title={t('packing.discardDialog.title', { number: pkg.number })}
        lines={[t('packing.discardDialog.body')]}
        submitLabel={t('packing.discardDialog.submit')}
        submitPalette="red"
        submitting={discard.isPending}
        failure={dialogFailure(discard.error)}
        onConfirm={discardIt}
        onClose={() => {
          discard.reset();
          setDialog(null);
        }}
      />
    </>
  );
}

/** A refused code, said at the field: the API's text for its code (with where it already is, for one in another package). */
function refusalText(outcome: ScanOutcome | null, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  if (outcome?.kind !== 'refused') return null;
  const text = t(`api:errors.${outcome.code}`, { ...outcome.details });
  const elsewhere = outcome.code === 'BB_ALREADY_PROCESSED' && typeof outcome.details.packageNumber === 'string';
  return elsewhere ? `${text} ${t('packing.alreadyProcessedIn', { packageNumber: outcome.details.packageNumber })}` : text;
}
