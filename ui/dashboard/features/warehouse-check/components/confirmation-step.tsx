import { Alert, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { Facts, FactsSection } from '../../../components/facts';
import { AppLink } from '../../../components/page';
import { StockName } from '../../../components/warehouse-item/stock-name';
import { checkPaths } from '../paths';
import { CodeSearch } from './code-search';
import type { Recorded } from './decision-form';

/** What the recorded check did, in the operator's words. */
function outcomeKey({ decision, preview }: Recorded): string {
  return decision.kind === 'quarantine' ? 'quarantine' : preview.outcome.kind;
}

/**
 * Step 5: what happened (completed, with absorption, a new price proposed,
 * quarantine), the item's status and the stock it now belongs to, then the
 * field for the next device, which has the focus.
 */
export function ConfirmationStep({ recorded }: { recorded: Recorded }) {
  const { t, i18n } = useTranslation('warehouse-check');
  const { answer, item, decision, preview } = recorded;
  const outcome = preview.outcome;
  const price = outcome.kind === 'price_proposal' ? outcome.proposedPrice : outcome.validatedPrice;
  const key = outcomeKey(recorded);
  return (
    <Stack gap={6}>
      <Alert.Root status={key === 'quarantine' || key === 'price_proposal' ? 'warning' : 'success'} data-testid="check-recorded" data-outcome={key}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title fontSize="lg">{t(`recorded.${key}.title`)}</Alert.Title>
          <Alert.Description>
            {decision.kind === 'quarantine'
              ? t('recorded.quarantine.text', { reason: t(`api:items.quarantineReasons.${decision.reason}`) })
              : t(`recorded.${key}.text`, { price: formatMoney(price, i18n.language) })}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <FactsSection level="h2" id="checked-item" title={item?.product.label ?? preview.foundProduct.label}>
        <Facts
          items={[
            ...(item ? [[t('declared.code'), <Text as="span" fontFamily="mono" key="code">{formatIdentificationNumber(item.identificationNumber)}</Text>] as [string, ReactNode]] : []),
            [t('confirmation.status'), <span key="status" data-testid="item-status">{t(`api:items.statuses.${answer.status}`, { defaultValue: answer.status })}</span>],
            [
              t('confirmation.stock'),
              <Text as="span" fontWeight="semibold" key="stock" data-testid="item-stock">
                {item ? <StockName ns="warehouse-check" stockId={item.stockId} /> : t('stockUnavailable')}
              </Text>,
            ],
          ]}
        />
        <HStack gap={4} flexWrap="wrap" mt={4}>
          <AppLink to={checkPaths.item(answer.id)}>{t('confirmation.openItem')}</AppLink>
          {item && <AppLink to={checkPaths.buyback(item.buybackId)}>{t('confirmation.openBuyback')}</AppLink>}
        </HStack>
      </FactsSection>
      <Box as="section" aria-labelledby="next-device">
        <Heading as="h2" size="md" id="next-device" mb={3}>
          {t('confirmation.next')}
        </Heading>
        <CodeSearch />
      </Box>
    </Stack>
  );
}
