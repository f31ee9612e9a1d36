import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FactsSection } from '../../../components/facts';

/** The "refurbishment steps" tab: none yet, said plainly (the workshop's steps come with the refurbishment part). */
export function RefurbTab() {
  const { t } = useTranslation('items-stock');
  return (
    <FactsSection id="section-refurb" title={t('sections.refurb')}>
      <Text data-testid="refurb-steps-empty">{t('refurb.none')}</Text>
    </FactsSection>
  );
}
