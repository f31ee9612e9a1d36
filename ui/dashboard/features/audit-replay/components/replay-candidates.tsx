import { Alert, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import type { ItemCandidate } from '../../../components/warehouse-item/api/get-item-by-code';
import { AppLink } from '../../../components/page';
import { replayPaths } from '../paths';

/** The devices an 8-character item code names at once: each with its 13-digit code, product and status, and its replay to open. */
export function ReplayCandidates({ candidates, more }: { candidates: readonly ItemCandidate[]; more: boolean }) {
  const { t } = useTranslation(['audit-replay', 'api']);
  return (
    <Alert.Root status="warning" role="alert" alignItems="flex-start" data-testid="replay-candidates">
      <Alert.Indicator />
      <Alert.Content gap={3} minW="0">
        <Alert.Title>{t('api:errors.ITEM_CODE_AMBIGUOUS')}</Alert.Title>
        <Alert.Description>{t('search.candidates')}</Alert.Description>
        <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
          {candidates.map((candidate) => (
            <Box as="li" key={candidate.id} borderWidth="1px" borderRadius="md" bg="bg" p={3}>
              <Flex gap={3} align="center" justify="space-between" wrap="wrap">
                <Box minW="0">
                  <Text fontFamily="mono" fontWeight="semibold">
                    {formatIdentificationNumber(candidate.identificationNumber)}
                  </Text>
                  <Text overflowWrap="anywhere">{candidate.product}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t(`api:items.statuses.${candidate.status}`, { defaultValue: candidate.status })}
                  </Text>
                </Box>
                {candidate.buybackId && (
                  <AppLink to={replayPaths.replay(candidate.buybackId)}>
                    {t('search.openCandidate', { code: formatIdentificationNumber(candidate.identificationNumber) })}
                  </AppLink>
                )}
              </Flex>
            </Box>
          ))}
        </Stack>
        {more && <Text fontSize="sm">{t('search.moreCandidates')}</Text>}
      </Alert.Content>
    </Alert.Root>
  );
}
