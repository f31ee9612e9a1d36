import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { FactsSection, Facts } from '../../../components/facts';
import { nameIn, useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import type { Stock } from '../types';
import { StockTitle } from './stock-title';

/** What a stock is and holds: its name (native or not), identifier, location, warehouse, quantity and average age. */
export function StockFacts({ stock }: { stock: Stock }) {
  const { t, i18n } = useTranslation('stocks');
  const references = useBuybackReferences().data;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <FactsSection id="section-stock" title={t('edit.facts')}>
      <Facts
        items={[
          [t('fields.name'), <StockTitle stock={stock} key="name" />],
          [t('fields.identifier'), stock.identifier],
          [t('fields.location'), stock.location],
          [t('fields.warehouse'), nameIn(references?.warehouses, stock.warehouseId)],
          [t('fields.quantity'), number.format(stock.quantity)],
          [
            t('fields.averageAge'),
            stock.averageAgeInDays === null ? null : t('fields.days', { count: stock.averageAgeInDays, formatted: number.format(stock.averageAgeInDays) }),
          ],
          [t('fields.updatedAt'), formatDateTime(stock.updatedAt, i18n.language)],
        ]}
      />
    </FactsSection>
  );
}
