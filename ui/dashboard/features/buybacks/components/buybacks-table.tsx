import { Box, Button, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { nameIn, useBuybackReferences } from '../api/get-buyback-references';
import type { SortDirection, SortField } from '../list-params';
import { isCustomerData, type Buyback } from '../types';
import { StatusBadge } from './status-badge';

interface Props {
  items: Buyback[];
  sort: SortField;
  direction: SortDirection;
  onSort: (field: SortField, direction: SortDirection) => void;
  detailPath: (id: string) => string;
}

/** A column header that sorts: a button inside the header cell, the order announced by aria-sort. */
function SortableHeader({ field, label, sort, direction, onSort, numeric }: { field: SortField; label: string; numeric?: boolean } & Pick<Props, 'sort' | 'direction' | 'onSort'>) {
  const { t } = useTranslation('buybacks');
  const active = sort === field;
  const next: SortDirection = active && direction === 'asc' ? 'desc' : 'asc';
  return (
    <Table.ColumnHeader aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'} textAlign={numeric ? 'end' : undefined}>
      <Button variant="plain" size="xs" px="0" fontWeight="semibold" onClick={() => onSort(field, next)}>
        {label}
        <span aria-hidden>{active ? (direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
        <VisuallyHidden>{t(next === 'asc' ? 'list.sortAscending' : 'list.sortDescending')}</VisuallyHidden>
      </Button>
    </Table.ColumnHeader>
  );
}

export function BuybacksTable({ items, sort, direction, onSort, detailPath }: Props) {
  const { t, i18n } = useTranslation('buybacks');
  const references = useBuybackReferences().data;
  const header = { sort, direction, onSort };

  return (
    <Box overflowX="auto" bg="bg" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive>
        <Table.Caption captionSide="top" m="0" p="0">
          <VisuallyHidden>{t('list.caption')}</VisuallyHidden>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <SortableHeader field="identificationNumber" label={t('fields.identificationNumber')} {...header} />
            <SortableHeader field="createdAt" label={t('fields.createdAt')} {...header} />
            <SortableHeader field="customerName" label={t('fields.customer')} {...header} />
            <SortableHeader field="productLabel" label={t('fields.product')} {...header} />
            <Table.ColumnHeader>{t('fields.store')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.circuit')}</Table.ColumnHeader>
            <SortableHeader field="declaredPrice" label={t('fields.declaredPrice')} numeric {...header} />
            <SortableHeader field="status" label={t('fields.status')} {...header} />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((buyback) => (
            <Table.Row key={buyback.id} data-testid="buyback-row">
              <Table.Cell>
                <RouterLink to={detailPath(buyback.id)} style={{ textDecoration: 'underline', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatIdentificationNumber(buyback.identificationNumber)}
                </RouterLink>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(buyback.createdAt, i18n.language)}</Table.Cell>
              <Table.Cell>
                {isCustomerData(buyback.customer) ? `${buyback.customer.firstName} ${buyback.customer.lastName}` : <Text as="span" color="fg.muted">{t('customer.forgotten')}</Text>}
              </Table.Cell>
              <Table.Cell>{buyback.product.label}</Table.Cell>
              <Table.Cell>{buyback.storeId ? (nameIn(references?.stores, buyback.storeId) ?? '—') : t('list.noStore')}</Table.Cell>
              <Table.Cell>{buyback.circuit.name}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatMoney(buyback.declaredPrice, i18n.language)}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={buyback.status} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
