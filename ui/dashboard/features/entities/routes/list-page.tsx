import { Button, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { EntitiesList } from '../components/entities-list';
import { EntitiesTree } from '../components/entities-tree';
import { useEntityListParams } from '../hooks/use-list-params';
import { entityPaths } from '../paths';

/** /entities: the retailer's tree and its list with filters, and, for who manages them, the way to a new entity. */
export function Component() {
  const { t } = useTranslation('entities');
  const can = useCan();
  const [params, setParams] = useEntityListParams();
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'list' ? 'list' : 'tree';
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        can('organization.manage') && (
          <Button asChild colorPalette="brand">
            <RouterLink to={entityPaths.create}>{t('actions.create')}</RouterLink>
          </Button>
        )
      }
    >
      <Tabs.Root
        value={view}
        onValueChange={(details) => setSearch((current) => ({ ...Object.fromEntries(current), view: details.value }), { replace: true })}
        variant="line"
        lazyMount
      >
        <Tabs.List mb="5">
          <Tabs.Trigger value="tree">{t('views.tree')}</Tabs.Trigger>
          <Tabs.Trigger value="list">{t('views.list')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="tree">
          <EntitiesTree />
        </Tabs.Content>
        <Tabs.Content value="list">
          <EntitiesList params={params} setParams={setParams} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
