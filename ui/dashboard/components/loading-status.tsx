import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** "Loading…" for screen readers, a spinner for the eyes: a detail or a section whose data is on its way. */
export function LoadingStatus({ size = 'sm', py = '4' }: { size?: 'sm' | 'md' | 'lg'; py?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center py={py} role="status">
      <Spinner size={size} aria-hidden />
      <VisuallyHidden>{t('states.loading')}</VisuallyHidden>
    </Center>
  );
}
