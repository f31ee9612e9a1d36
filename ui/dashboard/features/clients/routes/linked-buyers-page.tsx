import { Alert, Badge, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { useLinkedBuyers } from '../api/get-client';
import { clientPaths, UUID } from '../paths';

/** /account/{accountId}/linked-buyers: the buyers the account works with, those of another account marked (they stop its deletion). */
export function Component() {
  const { accountId = '' } = useParams();
  const { t } = useTranslation('clients');
  const linked = useLinkedBuyers(UUID.test(accountId) ? accountId : '');
  if (!UUID.test(accountId)) return <NotFound />;
  const listCrumb = { label: t('list.title'), to: clientPaths.list };
  if (linked.isPending) return <LoadingStatus size="lg" py="16" />;
  if (linked.isError) return <DetailLoadFailed error={linked.error} listCrumb={listCrumb} ns="clients" />;
  const { items, linkedRetailers } = linked.data;
  return (
    <Page title={t('linked.title')} breadcrumbs={[listCrumb, { label: t('linked.client'), to: clientPaths.edit(accountId) }, { label: t('linked.title') }]}>
      {linkedRetailers > 0 && (
        <Alert.Root status="warning" mb="4">
          <Alert.Indicator />
          <Alert.Title>{t('linked.retailers', { count: linkedRetailers })}</Alert.Title>
        </Alert.Root>
      )}
      {items.length === 0 ? (
        <Text data-testid="linked-buyers-empty">{t('linked.empty')}</Text>
      ) : (
        <Table.Root size="sm" data-testid="linked-buyers">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('linked.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('fields.corporateName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('linked.account')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('linked.organizations')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('fields.status')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((buyer) => (
              <Table.Row key={buyer.id}>
                <Table.Cell>{buyer.commonName}</Table.Cell>
                <Table.Cell>{buyer.corporateName ?? '—'}</Table.Cell>
                <Table.Cell>
                  {buyer.accountName ?? '—'} {buyer.external && <Badge colorPalette="orange">{t('linked.external')}</Badge>}
                </Table.Cell>
                <Table.Cell>{buyer.linkedOrganizations}</Table.Cell>
                <Table.Cell>{t(`statuses.${buyer.status}`)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Page>
  );
}
