import { Badge, Button, Flex, Link, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatDateTime, formatIdentificationNumber } from '../../../../shared/format/format';
import { paths } from '../../../app/paths';
import { ListScreen, type ListColumn } from '../../../components/list';
import { toaster } from '../../../components/toaster';
import { useCan } from '../../../lib/auth';
import { useTransports } from '../api/get-transports';
import { useRetryTransportLabel } from '../api/retry-transport-label';
import { transportList, type LabelStatus, type SortField, type TransportListParams } from '../list-params';
import type { Transport } from '../types';
import { TransportFilters } from './transport-filters';

interface Props {
  /** The list's parameters (useTransportListParams: the URL and local storage). */
  params: TransportListParams;
  setParams(next: TransportListParams): void;
}

/** A package holds up to dozens of buybacks: the first few are links, the rest a count. */
const NUMBERS_SHOWN = 3;

const LABEL_COLORS: Record<LabelStatus, string> = { pending: 'orange', ready: 'green', failed: 'red' };

/** Its buybacks' numbers, each a link to its buyback (the order). */
function BuybackLinks({ transport }: { transport: Transport }) {
  const { t } = useTranslation('transports');
  const numbers = transport.identificationNumbers;
  if (numbers.length === 0) return <>—</>;
  return (
    <Flex direction="column" gap="1">
      {numbers.slice(0, NUMBERS_SHOWN).map((number, index) => {
        const buybackId = transport.buybackIds[index];
        const shown = formatIdentificationNumber(number);
        return buybackId ? (
          <Link asChild key={number} colorPalette="brand" color="brand.fg" textDecoration="underline" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
            <RouterLink to={paths.buyback(buybackId)} aria-label={t('list.openBuyback', { number: shown })}>
              {shown}
            </RouterLink>
          </Link>
        ) : (
          <Text as="span" key={number} whiteSpace="nowrap">
            {shown}
          </Text>
        );
      })}
      {numbers.length > NUMBERS_SHOWN && (
        <Text as="span" fontSize="sm" color="fg.muted">
          {t('list.moreBuybacks', { count: numbers.length - NUMBERS_SHOWN })}
        </Text>
      )}
    </Flex>
  );
}

/** Asks the carrier again for a label it failed to give; the row follows once the API answers. */
function RetryLabelButton({ transport }: { transport: Transport }) {
  const { t } = useTranslation('transports');
  const retry = useRetryTransportLabel();
  const errorText = useApiErrorText();
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="brand"
      loading={retry.isPending}
      onClick={() =>
        retry.mutate(transport.id, {
          onSuccess: () => toaster.create({ type: 'success', title: t('notifications.labelRetried', { reference: transport.reference }) }),
          onError: (error) => {
            if (error instanceof ApiError && error.isServerError) return; // the server error modal says it
            toaster.create({ type: 'error', title: errorText(error) });
          },
        })
      }
    >
      {t('actions.retryLabel')}
    </Button>
  );
}

/** The transports list: filters, the page of results, paging. Everything it shows is in its parameters. */
export function TransportsList({ params, setParams }: Props) {
  const { t, i18n } = useTranslation(['transports', 'api']);
  const can = useCan();
  const list = useTransports(params);
  const mayRetry = can('transport.manage');

  const columns = useMemo<Array<ListColumn<Transport, SortField>>>(
    () => [
      {
        id: 'id',
        header: t('transports:fields.id'),
        cell: (transport) => (
          <Text as="span" fontFamily="mono" fontSize="xs" whiteSpace="nowrap" data-testid="transport-id">
            {transport.id}
          </Text>
        ),
      },
      { id: 'createdAt', header: t('transports:fields.createdAt'), sort: 'createdAt', nowrap: true, cell: (transport) => formatDateTime(transport.createdAt, i18n.language) },
      {
        id: 'buybacks',
        header: t('transports:fields.identificationNumber'),
        sort: 'identificationNumber',
        cell: (transport) => <BuybackLinks transport={transport} />,
      },
      { id: 'kind', header: t('transports:fields.kind'), cell: (transport) => t(`transports:kinds.${transport.kind}`) },
      {
        id: 'tracking',
        header: t('transports:fields.trackingNumber'),
        nowrap: true,
        cell: (transport) =>
          !transport.trackingNumber ? (
            '—'
          ) : transport.trackingLink ? (
            <Link href={transport.trackingLink} target="_blank" rel="noopener noreferrer" textDecoration="underline">
              {transport.trackingNumber}
            </Link>
          ) : (
            transport.trackingNumber
          ),
      },
      {
        id: 'label',
        header: t('transports:fields.labelStatus'),
        cell: (transport) => (
          <Flex direction="column" align="flex-start" gap="1">
            <Badge colorPalette={LABEL_COLORS[transport.labelStatus]} data-testid="label-status">
              {t(`transports:labelStatuses.${transport.labelStatus}`)}
            </Badge>
            {transport.labelStatus === 'failed' && mayRetry && <RetryLabelButton transport={transport} />}
          </Flex>
        ),
      },
      {
        id: 'deliveryStatus',
        header: t('transports:fields.deliveryStatus'),
        sort: 'deliveryStatus',
        cell: (transport) => (transport.deliveryStatus ? t(`api:delivery.statuses.${transport.deliveryStatus}`) : t('transports:list.noDelivery')),
      },
    ],
    [t, i18n.language, mayRetry],
  );

  return (
    <ListScreen
      ns="transports"
      definition={transportList}
      params={params}
      onParams={setParams}
      query={list}
      filters={<TransportFilters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(transport) => transport.id}
      rowTestId="transport-row"
      totalTestId="transports-total"
    />
  );
}
