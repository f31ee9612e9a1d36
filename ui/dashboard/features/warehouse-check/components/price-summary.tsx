import type { CompliancePreviewView } from '@server/application/warehouse/warehouse-views';
import { Alert, Badge, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/format';
import { useGradeLabel } from '../../../../shared/format/grade';
import { Facts, FactsSection } from '../../../components/facts';

/** The category's absorption rule in words: what it absorbs, and its cap. */
export function absorptionRuleText(preview: CompliancePreviewView, t: TFunction, language: string): string {
  const rule = preview.absorptionRule;
  const currency = preview.declaredPrice.currency;
  const text = t(`absorption.${rule.type}`, { amount: formatMoney({ amountInCents: Math.round(rule.value), currency }, language), value: rule.value });
  if (rule.type === 'none' || rule.maxAbsorbedAmountInCents === null) return text;
  return `${text} ${t('absorption.cap', { cap: formatMoney({ amountInCents: rule.maxAbsorbedAmountInCents, currency }, language) })}`;
}

/**
 * The summary of the findings before anything is recorded: the device found
 * against the declared one, the prices (declared, controlled, deviation),
 * the category's absorption rule and what it absorbs here, and the outcome.
 */
export function PriceSummary({ preview, declaredGrade }: { preview: CompliancePreviewView; declaredGrade: string }) {
  const { t, i18n } = useTranslation('warehouse-check');
  const gradeLabel = useGradeLabel();
  const money = (value: CompliancePreviewView['declaredPrice']) => formatMoney(value, i18n.language);
  const deviation = preview.deviation.amountInCents;
  return (
    <Stack gap={5}>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={5} alignItems="start">
        <FactsSection level="h3" id="summary-device" title={t('summary.device')}>
          <Facts
            items={[
              [
                t('summary.foundProduct'),
                <HStack key="product" gap={2} flexWrap="wrap">
                  <span>{preview.foundProduct.label}</span>
                  {preview.productChanged && <Badge colorPalette="orange">{t('found.otherModel')}</Badge>}
                </HStack>,
              ],
              ...(preview.productChanged ? [[t('summary.declaredProduct'), preview.declaredProduct.label] as [string, string]] : []),
              [t('summary.imei'), preview.imei ? `${preview.imei}${preview.imeiMatchesProduct === false ? ` (${t('summary.imeiUnknown')})` : ''}` : t('summary.notRead')],
              [t('summary.serialNumber'), preview.serialNumber ?? t('summary.notRead')],
              [t('summary.gradeFound'), <Text as="span" fontWeight="semibold" key="grade" data-testid="grade-found">{gradeLabel(preview.grade)}</Text>],
              [t('summary.gradeDeclared'), gradeLabel(declaredGrade)],
            ]}
          />
        </FactsSection>
        <FactsSection level="h3" id="summary-prices" title={t('summary.prices')}>
          <Facts
            items={[
              [t('summary.declaredPrice'), <span key="declared" data-testid="declared-price">{money(preview.declaredPrice)}</span>],
              [t('summary.controlledPrice'), <span key="controlled" data-testid="controlled-price">{money(preview.controlledPrice)}</span>],
              [
                t('summary.deviation'),
                <span key="deviation" data-testid="deviation">
                  {deviation > 0 ? t('summary.deviationLower', { amount: money(preview.deviation) }) : t('summary.noDeviation')}
                </span>,
              ],
              [t('summary.rule'), <span key="rule" data-testid="absorption-rule">{absorptionRuleText(preview, t, i18n.language)}</span>],
              ...(deviation > 0 ? [[t('summary.absorbable'), money(preview.absorbable)] as [string, string]] : []),
            ]}
          />
        </FactsSection>
      </SimpleGrid>
      <OutcomeAlert preview={preview} />
    </Stack>
  );
}

/** What recording these findings does: completed by price, with absorption, or a new price proposed to the customer. */
function OutcomeAlert({ preview }: { preview: CompliancePreviewView }) {
  const { t, i18n } = useTranslation('warehouse-check');
  const money = (value: CompliancePreviewView['declaredPrice']) => formatMoney(value, i18n.language);
  const outcome = preview.outcome;
  const text =
    outcome.kind === 'completed_by_price'
      ? t('outcome.completed_by_price.text', { price: money(outcome.validatedPrice) })
      : outcome.kind === 'completed_with_absorption'
        ? t('outcome.completed_with_absorption.text', { absorbed: money(outcome.absorbedAmount), price: money(outcome.validatedPrice) })
        : t('outcome.price_proposal.text', { proposed: money(outcome.proposedPrice), declared: money(preview.declaredPrice), absorbed: money(outcome.absorbedAmount) });
  return (
    <Alert.Root status={outcome.kind === 'price_proposal' ? 'warning' : 'success'} data-testid="outcome" data-outcome={outcome.kind}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontSize="lg">
          {t(`outcome.${outcome.kind}.title`)}
          {outcome.kind === 'price_proposal' && (
            <Text as="span" data-testid="proposed-price">
              {` ${money(outcome.proposedPrice)}`}
            </Text>
          )}
        </Alert.Title>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
