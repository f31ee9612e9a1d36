import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { useClient } from '../api/get-client';
import { HomePageEditor } from '../../home-page/components/home-page-editor';
import { clientPaths, UUID } from '../paths';

/** /client/{id}/editPages: the client's white-label home page (the home page screen's editor, for that account). */
export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation('clients');
  const client = useClient(UUID.test(id) ? id : '');
  if (!UUID.test(id)) return <NotFound />;
  const listCrumb = { label: t('list.title'), to: clientPaths.list };
  if (client.isPending) return <LoadingStatus size="lg" py="16" />;
  if (client.isError) return <DetailLoadFailed error={client.error} listCrumb={listCrumb} ns="clients" />;
  return (
    <Page title={t('pages.title')} breadcrumbs={[listCrumb, { label: client.data.commonName, to: clientPaths.edit(id) }, { label: t('pages.title') }]}>
      <HomePageEditor accountId={id} />
    </Page>
  );
}
