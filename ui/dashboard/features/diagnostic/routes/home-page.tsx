import { Alert, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useCategoryTree } from '../api/questions';
import { CategoryPicker } from '../components/category-picker';

/** /diagnostic: pick a category in the tree to see and write its questions. */
export function Component() {
  const { t } = useTranslation('diagnostic');
  const tree = useCategoryTree();
  return (
    <Page title={t('home.title')}>
      <Text mb="4">{t('home.intro')}</Text>
      {tree.isPending ? (
        <LoadingStatus py="8" />
      ) : tree.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('home.loadFailed')}</Alert.Title>
        </Alert.Root>
      ) : (
        <nav aria-label={t('home.tree')}>
          <CategoryPicker nodes={tree.data} />
        </nav>
      )}
    </Page>
  );
}
