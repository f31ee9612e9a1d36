import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/format/format';

/** Specification 001 §4, §9: a web pre-declaration older than 15 days warns that prices may have changed (the API says whether it is). */
export function PricesWarning({ declaredAt }: { declaredAt: string }) {
  const { t, i18n } = useTranslation('warehouse-check');
  return (
    <Alert.Root status="warning" data-testid="prices-may-have-changed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('pricesWarning.title')}</Alert.Title>
        <Alert.Description>{t('pricesWarning.text', { date: formatDate(declaredAt, i18n.language) })}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
