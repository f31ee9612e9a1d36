import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { ItemCandidates } from '../../../components/warehouse-item/item-candidates';
import { AppLink } from '../../../components/page';
import { scanToStockPaths } from '../paths';
import type { ScanRefusal, StockScan } from './use-stock-scans';

const PALETTE = { pending: 'gray', moved: 'green', refused: 'red', undone: 'orange' } as const;

/** This session's scans, newest first: each device moved, undone, or why not, with what to do about it. */
export function ScanList({ scans, moved, onPick }: { scans: readonly StockScan[]; moved: number; onPick(code: string): void }) {
  const { t } = useTranslation('scan-to-stock');
  return (
    <Box as="section" aria-labelledby="scans-title">
      <Flex gap={2} align="baseline" mb={2} wrap="wrap">
        <Heading as="h2" size="md" id="scans-title">
          {t('scans.title')}
        </Heading>
        <Text color="fg.muted" data-testid="scans-moved">
          {t('scans.moved', { count: moved })}
        </Text>
      </Flex>
      {scans.length === 0 ? (
        <Text color="fg.muted">{t('scans.empty')}</Text>
      ) : (
        <Stack as="ol" gap={2} listStyleType="none" m={0} p={0}>
          {scans.map((scan) => (
            <Box as="li" key={scan.key} borderWidth="1px" borderRadius="md" p={3} data-testid="scan-row" data-state={scan.state}>
              <Flex gap={3} align="center" wrap="wrap">
                <Badge colorPalette={PALETTE[scan.state]}>{t(`scans.states.${scan.state}`)}</Badge>
                <Text fontFamily="mono" fontWeight="semibold">
                  {scan.itemId ? (
                    <AppLink to={scanToStockPaths.item(scan.itemId)}>{formatIdentificationNumber(scan.identificationNumber ?? scan.code)}</AppLink>
                  ) : (
                    scan.code
                  )}
                </Text>
                {scan.product && <Text>{scan.product}</Text>}
              </Flex>
              {scan.refusal && (
                <Box mt={2}>
                  <RefusalText refusal={scan.refusal} onPick={onPick} />
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function RefusalText({ refusal, onPick }: { refusal: ScanRefusal; onPick(code: string): void }) {
  const { t } = useTranslation(['scan-to-stock', 'api']);
  switch (refusal.kind) {
    case 'ambiguous':
      return <ItemCandidates ns="scan-to-stock" candidates={refusal.candidates} more={refusal.more} onPick={(candidate) => onPick(candidate.identificationNumber)} />;
    case 'failure':
      return <ApiErrorAlert error={refusal.error} />;
    case 'alreadyThere':
      return <Text color="fg.error" data-testid="scan-refusal">{t('refusals.alreadyThere')}</Text>;
    case 'notMovable':
      return (
        <Text color="fg.error" data-testid="scan-refusal">
          {t('refusals.notMovable', { status: t(`api:items.statuses.${refusal.status}`, { defaultValue: refusal.status }) })}
        </Text>
      );
    case 'code':
    case 'refused':
      return (
        <Text color="fg.error" data-testid="scan-refusal">
          {t(`api:errors.${refusal.code}`, refusal.details)}
        </Text>
      );
  }
}
