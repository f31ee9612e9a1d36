import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import type { PackedBuyback } from '../api/add-package-item';
import { formatWeight } from '../format';

interface Props {
  items: readonly PackedBuyback[];
  /** Only while the package is open. */
  onRemove?(item: PackedBuyback): void;
  removing: string | null;
}

/** The devices in the package, the latest scanned first, each with the way to take it out. */
export function PackedItems({ items, onRemove, removing }: Props) {
  const { t, i18n } = useTranslation('expedition');
  const latestFirst = [...items].reverse();
  return (
    <Box as="section" aria-labelledby="packed-title">
      <Heading as="h2" size="md" id="packed-title" mb="3">
        {t('packing.items.title')} ({items.length})
      </Heading>
      {items.length === 0 ? (
        <Text color="fg.muted">{t('packing.items.empty')}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {latestFirst.map((item) => (
            <Flex
              as="li"
              key={item.buybackId}
              data-testid="packed-item"
              data-code={item.identificationNumber}
              bg="bg"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              gap="3"
              align="center"
              justify="space-between"
              wrap="wrap"
            >
              <Box minW="0">
                <Text fontFamily="mono" fontWeight="semibold">
                  {formatIdentificationNumber(item.identificationNumber)}
                </Text>
                <Text fontSize="sm">
                  {item.productLabel} · {formatWeight(item.weightGrams, i18n.language)}
                </Text>
              </Box>
              {onRemove && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  loading={removing === item.buybackId}
                  aria-label={t('packing.items.removeLabel', { code: formatIdentificationNumber(item.identificationNumber) })}
                  onClick={() => onRemove(item)}
                >
                  {t('packing.items.remove')}
                </Button>
              )}
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}
