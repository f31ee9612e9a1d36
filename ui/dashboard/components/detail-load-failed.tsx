import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { Page, type Crumb } from './page';

interface Props {
  error: unknown;
  /** The way back to the list. */
  listCrumb: Crumb;
  /** The feature's namespace: `detail.notFound`, `detail.notFoundText`, `detail.loadFailed`. */
  ns: string;
}

/** A detail that could not be shown: not found (or not the user's: the API answers 404 alike), or not loaded. */
export function DetailLoadFailed({ error, listCrumb, ns }: Props) {
  const { t } = useTranslation([ns, 'common']);
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Page title={missing ? t(`${ns}:detail.notFound`) : t(`${ns}:detail.loadFailed`)} breadcrumbs={[listCrumb]}>
      <Text>{missing ? t(`${ns}:detail.notFoundText`) : t('common:errors.generic')}</Text>
    </Page>
  );
}
