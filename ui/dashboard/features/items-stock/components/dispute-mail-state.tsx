import { Badge, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import type { Item } from '../types';

/** Whether the last dispute e-mail to the customer left (and when), or why it did not. */
export function DisputeMailState({ mail }: { mail: Item['disputeMail'] }) {
  const { t, i18n } = useTranslation('items-stock');
  if (!mail) return <Text as="span">{t('disputeMail.never')}</Text>;
  return (
    <Stack gap="1" as="span" display="inline-flex" data-testid="dispute-mail">
      <Badge colorPalette={mail.delivered ? 'green' : 'red'} variant="subtle" size="sm" alignSelf="flex-start" data-delivered={mail.delivered}>
        {mail.delivered ? t('disputeMail.sent') : t('disputeMail.failed')}
      </Badge>
      <Text as="span" fontSize="sm" color="fg.muted">
        {formatDateTime(mail.at, i18n.language)}
      </Text>
      {!mail.delivered && mail.failure && (
        <Text as="span" fontSize="sm" color="fg.error">
          {t(`disputeMail.failures.${mail.failure}`, { defaultValue: t('disputeMail.failures.unknown') })}
        </Text>
      )}
    </Stack>
  );
}
