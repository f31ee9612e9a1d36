import { Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { stepPaths } from '../paths';

/** item-refurb-steps/completed: the item's refurbishment is confirmed; it is in the "refurb completed" stock. */
export function Component() {
  const { t } = useTranslation('item-refurb-steps');
  const [params] = useSearchParams();
  const itemId = params.get('item');
  return (
    <Page title={t('completed.title')} breadcrumbs={[{ label: t('search.title'), to: stepPaths.search }, { label: t('completed.title') }]}>
      <Stack gap="4" data-testid="refurbishment-completed">
        <Text>{t('completed.done')}</Text>
        {itemId && (
          <Link asChild>
            <RouterLink to={stepPaths.item(itemId)}>{t('completed.steps')}</RouterLink>
          </Link>
        )}
        <Link asChild>
          <RouterLink to={stepPaths.search}>{t('completed.next')}</RouterLink>
        </Link>
      </Stack>
    </Page>
  );
}
