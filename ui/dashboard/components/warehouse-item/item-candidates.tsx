import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../shared/format/format';
import type { ItemCandidate } from './api/get-item-by-code';

interface ItemCandidatesProps {
  /** The feature's namespace, with `candidates.text`, `candidates.more`, `candidates.pick`, `candidates.pickLabel` ({{code}}, {{product}}) and `statuses.<item status>`. */
  ns: string;
  candidates: readonly ItemCandidate[];
  /** More items share the code than the API listed. */
  more: boolean;
  /** What each candidate offers: by default, the Pick button (`onPick`). */
  action?(candidate: ItemCandidate): ReactNode;
  onPick?(candidate: ItemCandidate): void;
  pending?: boolean;
  /** Other keys of the namespace for the text above the list and the one saying there are more. */
  texts?: { text: string; more: string };
  testId?: string;
}

/**
 * Several items answer to one 8-character item code (specification 001 §8,
 * "several items match"): each with its 13-digit code, product and status,
 * and the operator picks the one in hand, or scans its 13-digit code.
 */
export function ItemCandidates({ ns, candidates, more, action, onPick, pending = false, texts = { text: 'candidates.text', more: 'candidates.more' }, testId = 'item-candidates' }: ItemCandidatesProps) {
  const { t } = useTranslation([ns, 'api']);
  return (
    <Alert.Root status="warning" role="alert" alignItems="flex-start" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content gap={3} minW="0">
        <Alert.Title>{t('api:errors.ITEM_CODE_AMBIGUOUS')}</Alert.Title>
        <Alert.Description>{t(texts.text)}</Alert.Description>
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
                {action
                  ? action(candidate)
                  : onPick && (
                      <Button
                        size="sm"
                        colorPalette="brand"
                        disabled={pending}
                        onClick={() => onPick(candidate)}
                        aria-label={t('candidates.pickLabel', { code: formatIdentificationNumber(candidate.identificationNumber), product: candidate.product })}
                      >
                        {t('candidates.pick')}
                      </Button>
                    )}
              </Flex>
            </Box>
          ))}
        </Stack>
        {more && <Text fontSize="sm">{t(texts.more)}</Text>}
      </Alert.Content>
    </Alert.Root>
  );
}
