import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { useMe } from '../../../lib/auth';
import { HomePageEditor } from '../components/home-page-editor';

/** /home-page: the user's own account's storefront home page (provider staff edit a client's from its pages, client/{id}/editPages). */
export function Component() {
  const { t } = useTranslation('home-page');
  const accountId = useMe().account?.id ?? '';
  return (
    <Page title={t('title')}>
      <HomePageEditor accountId={accountId} />
    </Page>
  );
}
