import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A spinner that screen readers announce as "Loading…". */
export function Loading() {
  const { t } = useTranslation('common');
  return (
    <Center py={10} role="status">
      <Spinner size="lg" color="brand.solid" />
      <VisuallyHidden>{t('states.loading')}</VisuallyHidden>
    </Center>
  );
}
