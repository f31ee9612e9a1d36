import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import type { Item } from '../types';

/** The 13-digit code in groups, as staff read it aloud, and the 8-character item code of the warehouse labels under it. */
export function ItemCodes({ item }: { item: Pick<Item, 'identificationNumber' | 'shortCode'> }) {
  const { t } = useTranslation('items-stock');
  return (
    <Stack gap="0" as="span" display="inline-flex" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
      <Text as="span">{formatIdentificationNumber(item.identificationNumber)}</Text>
      <Text as="span" fontSize="xs" color="fg.muted" fontFamily="mono">
        {t('fields.shortCodeValue', { code: item.shortCode })}
      </Text>
    </Stack>
  );
}
