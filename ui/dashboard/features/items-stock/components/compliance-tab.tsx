import { Badge, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../../shared/format/format';
import { useGradeLabel } from '../../../../shared/format/grade';
import { FactsSection, Facts } from '../../../components/facts';
import { useUserNames } from '../hooks/use-user-names';
import type { Item } from '../types';
import { ItemStatusBadge } from './item-status-badge';

type Check = NonNullable<Item['check']>;

/** The absorption rule in words: nothing, up to an amount, or up to a share of a price; capped or not. */
function useAbsorptionText() {
  const { t, i18n } = useTranslation('items-stock');
  return ({ rule }: Check['absorption'], currency: Check['declaredPrice']['currency']) => {
    const amount = (cents: number) => formatMoney({ amountInCents: cents, currency }, i18n.language);
    const base = rule.type === 'value' ? t('absorption.value', { amount: amount(rule.value) }) : t(`absorption.${rule.type}`, { value: rule.value });
    return rule.maxAbsorbedAmountInCents === null ? base : t('absorption.capped', { rule: base, cap: amount(rule.maxAbsorbedAmountInCents) });
  };
}

/** The "compliance check" tab: what the customer declared against what the warehouse found, the prices, the deviation and its absorption. */
export function ComplianceTab({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('items-stock');
  const gradeLabel = useGradeLabel();
  const userName = useUserNames(item.id);
  const absorption = useAbsorptionText();
  const check = item.check;
  if (!check) {
    return (
      <FactsSection id="section-check" title={t('sections.check')}>
        <Text data-testid="no-check">{t('check.none')}</Text>
      </FactsSection>
    );
  }
  const money = (value: Check['declaredPrice']) => formatMoney(value, i18n.language);
  const deviation = { amountInCents: check.declaredPrice.amountInCents - check.controlledPrice.amountInCents, currency: check.declaredPrice.currency };
  const productChanged = check.foundProduct.productId !== check.declaredProduct.productId;

  return (
    <FactsSection id="section-check" title={t('sections.check')}>
      <Facts
        items={[
          [t('check.at'), formatDateTime(check.at, i18n.language)],
          [t('check.by'), userName(check.by)],
          [t('check.outcome'), item.completion ? t(`completions.${item.completion}`) : <ItemStatusBadge status={item.status} key="outcome" />],
          [t('check.declaredProduct'), check.declaredProduct.label],
          [
            t('check.foundProduct'),
            <HStack as="span" gap="2" wrap="wrap" key="found">
              <span>{check.foundProduct.label}</span>
              <Badge colorPalette={productChanged ? 'orange' : 'green'} variant="subtle" size="sm">
                {productChanged ? t('check.productChanged') : t('check.productSame')}
              </Badge>
            </HStack>,
          ],
          [
            t('fields.imei'),
            check.imei ? (
              <HStack as="span" gap="2" wrap="wrap" key="imei">
                <span>{check.imei}</span>
                {check.imeiMatchesProduct !== null && (
                  <Badge colorPalette={check.imeiMatchesProduct ? 'green' : 'red'} variant="subtle" size="sm">
                    {check.imeiMatchesProduct ? t('check.imeiMatches') : t('check.imeiMismatch')}
                  </Badge>
                )}
              </HStack>
            ) : null,
          ],
          [t('fields.serialNumber'), check.serialNumber],
          [t('check.grade'), gradeLabel(check.grade)],
          [t('check.declaredPrice'), money(check.declaredPrice)],
          [t('check.controlledPrice'), money(check.controlledPrice)],
          [t('check.deviation'), money(deviation)],
          [t('check.absorptionRule'), absorption(check.absorption, check.declaredPrice.currency)],
          [t('check.absorbable'), money(check.absorption.absorbable)],
          [t('check.comment'), check.comment],
          [t('check.commentShared'), check.comment ? (check.commentShared ? t('check.sharedWithCustomer') : t('check.internal')) : null],
        ]}
      />
    </FactsSection>
  );
}
