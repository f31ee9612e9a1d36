import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/auth';

/** The retailer's packing instructions (general settings of the buyer and workshop modules), shown to the store while it packs; nothing when it wrote none. */
export function PackingInstructions() {
  const { t } = useTranslation('expedition');
  const instructions = useMe().account?.settings.packingInstructions;
  if (!instructions) return null;
  return (
    <Alert.Root status="info" data-testid="packing-instructions">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('packing.instructions')}</Alert.Title>
        <Alert.Description whiteSpace="pre-line">{instructions}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
