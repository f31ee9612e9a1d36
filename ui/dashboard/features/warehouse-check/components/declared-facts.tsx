import type { ItemLookupView } from '@server/application/warehouse/warehouse-views';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { useGradeLabel } from '../../../../shared/format/grade';
import { Facts, FactsSection } from '../../../components/facts';

/** What the customer declared, the reference every finding is compared with. */
export function DeclaredFacts({ lookup }: { lookup: ItemLookupView }) {
  const { t, i18n } = useTranslation('warehouse-check');
  const gradeLabel = useGradeLabel();
  const { item, declaration } = lookup;
  return (
    <FactsSection level="h3" id="declared-device" title={t('declared.title')}>
      <Facts
        items={[
          [t('declared.code'), <Text as="span" fontFamily="mono" fontWeight="semibold" key="code">{formatIdentificationNumber(item.identificationNumber)}</Text>],
          [t('declared.product'), <span data-testid="declared-product" key="product">{item.product.label}</span>],
          [t('declared.ean'), item.product.ean],
          [t('declared.imei'), declaration.imei ?? t('declared.none')],
          [t('declared.grade'), gradeLabel(declaration.grade)],
          [t('declared.price'), <Text as="span" fontWeight="semibold" key="price">{formatMoney(item.purchasePrice, i18n.language)}</Text>],
          [t('declared.on'), t('declared.onChannel', { date: formatDate(lookup.declaredAt, i18n.language), channel: t(`channels.${lookup.channel}`, { defaultValue: lookup.channel }) })],
        ]}
      />
    </FactsSection>
  );
}
