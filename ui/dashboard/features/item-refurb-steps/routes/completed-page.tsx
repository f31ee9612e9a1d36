import { Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { useItemSteps } from '../api/steps';
import { stepPaths } from '../paths';

/** item-refurb-steps/completed?item=: the item's refurbishment is confirmed; it is in the "refurb completed" stock. Names the device (product and 8-character code). */
export function Component() {
  const { t } = useTranslation('item-refurb-steps');
  const [params] = useSearchParams();
  const itemId = params.get('item');
  return (
    <Page title={t('completed.title')} breadcrumbs={[{ label: t('search.title'), to: stepPaths.search }, { label: t('completed.title') }]}>
      <Stack gap="4" data-testid="refurbishment-completed">
        {itemId && <CompletedDevice itemId={itemId} />}
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

function CompletedDevice({ itemId }: { itemId: string }) {
  const { t } = useTranslation('item-refurb-steps');
  const item = useItemSteps(itemId).data?.item;
  if (!item) return null;
  return (
    <Text fontWeight="semibold" data-testid="completed-device">
      {t('completed.device', { product: item.productLabel, code: item.shortCode })}
    </Text>
  );
}
