import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/format';
import { FactsSection, Facts } from '../../../components/facts';
import type { Item } from '../types';

/** The "economic data" tab: what is (to be) paid for the device, and what refurbishing it costs (none until the workshop records steps). */
export function EconomicTab({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('items-stock');
  const money = (value: Item['purchasePrice'] | null, none: string) => (value ? formatMoney(value, i18n.language) : none);
  return (
    <FactsSection id="section-economic" title={t('sections.economic')}>
      <Facts
        items={[
          [t('fields.purchasePrice'), money(item.purchasePrice, '—')],
          [t('fields.validatedPrice'), money(item.validatedPrice, t('economic.notValidated'))],
          ...(item.proposedPrice ? ([[t('fields.proposedPrice'), money(item.proposedPrice, '—')]] as Array<[string, string]>) : []),
          [t('fields.plannedRefurbCost'), money(item.plannedRefurbCost, t('economic.noRefurbCost'))],
          [t('fields.completedRefurbCost'), money(item.completedRefurbCost, t('economic.noRefurbCost'))],
        ]}
      />
    </FactsSection>
  );
}
