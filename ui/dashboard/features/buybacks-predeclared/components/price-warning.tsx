import { Alert, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/format/format';

const DAY_MS = 86_400_000;

/**
 * Specification 000 §8: a web pre-declaration older than 15 days warns that
 * prices may have changed. The API says until when its prices hold; the
 * screen compares that with the time it is shown. While they hold, the date
 * is given for information.
 */
export function PriceValidity({ declaredAt, validUntil, now = Date.now() }: { declaredAt: string; validUntil: string; now?: number }) {
  const { t, i18n } = useTranslation('buybacks-predeclared');
  const until = Date.parse(validUntil);
  if (now <= until) {
    return (
      <Text color="fg.muted" data-testid="prices-hold">
        {t('priceWarning.holds', { date: formatDate(validUntil, i18n.language) })}
      </Text>
    );
  }
  const declared = Date.parse(declaredAt);
  return (
    <Alert.Root status="warning" data-testid="price-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('priceWarning.title')}</Alert.Title>
        <Alert.Description>
          {t('priceWarning.text', {
            count: Math.floor((now - declared) / DAY_MS),
            date: formatDate(declaredAt, i18n.language),
            limit: Math.round((until - declared) / DAY_MS),
          })}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
