import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIdentificationNumber } from '../../../../shared/format/format';
import { AppLink } from '../../../components/page';
import { StockName } from '../../../components/warehouse-item/stock-name';
import { checkInPaths } from '../paths';
import type { CheckedIn } from '../session-log';

/**
 * The parcels checked in during this session, latest first, as they were
 * registered: a pile is counted and checked against the delivery note at a
 * glance, each one's confirmation a click away.
 */
export function SessionList({ log, onClear }: { log: readonly CheckedIn[]; onClear(): void }) {
  const { t, i18n } = useTranslation('warehouse-checkin');
  return (
    <Box as="section" aria-labelledby="checked-in-session">
      <Flex justify="space-between" align="center" gap={3} wrap="wrap" mb={3}>
        <Heading as="h2" size="md" id="checked-in-session">
          {t('session.title')}{' '}
          <Text as="span" color="fg.muted" fontWeight="normal" data-testid="session-count">
            {t('session.count', { count: log.length })}
          </Text>
        </Heading>
        {log.length > 0 && (
          <Button size="xs" variant="ghost" onClick={onClear}>
            {t('session.clear')}
          </Button>
        )}
      </Flex>
      {log.length === 0 ? (
        <Text color="fg.muted">{t('session.empty')}</Text>
      ) : (
        <Stack as="ol" gap={2} listStyleType="none" m={0} p={0} data-testid="session-list">
          {log.map((entry) => (
            <Box as="li" key={entry.itemId} borderWidth="1px" borderRadius="md" bg="bg" px={3} py={2} data-testid="session-entry">
              <Flex gap={{ base: 1, md: 4 }} direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
                <Text fontFamily="mono" fontWeight="semibold" flexShrink={0}>
                  {formatIdentificationNumber(entry.identificationNumber)}
                </Text>
                <Text flex="1" minW="0" overflowWrap="anywhere">
                  {entry.product}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  <StockName ns="warehouse-checkin" stockId={entry.stockId} />
                </Text>
                <HStack gap={3} fontSize="sm" flexShrink={0}>
                  <Text color="fg.muted">{formatDateTime(entry.at, i18n.language)}</Text>
                  <AppLink to={checkInPaths.confirmation(entry.itemId)}>
                    {t('session.details')}
                    <Box as="span" srOnly>
                      {` ${formatIdentificationNumber(entry.identificationNumber)}`}
                    </Box>
                  </AppLink>
                </HStack>
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
