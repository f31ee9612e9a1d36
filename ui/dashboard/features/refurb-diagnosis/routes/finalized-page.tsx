import { Alert, Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DiagnosisFrame } from '../components/diagnosis-frame';
import { PlannedSteps } from '../components/planned-steps';
import { diagnosisPaths } from '../paths';

/** /refurb-diagnosis/{id}/finalized: done; the steps planned, and the way to the item's steps. */
export function Component() {
  const { t } = useTranslation('refurb-diagnosis');
  return (
    <DiagnosisFrame step="finalized">
      {(diagnosis) => (
        <>
          <Alert.Root status={diagnosis.status === 'finalized' ? 'success' : 'info'} data-testid="diagnosis-finalized">
            <Alert.Indicator />
            <Alert.Title>{diagnosis.status === 'finalized' ? t('finalized.done', { count: diagnosis.plannedSteps.length }) : t('finalized.notYet')}</Alert.Title>
          </Alert.Root>
          <PlannedSteps diagnosis={diagnosis} />
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={diagnosisPaths.itemSteps(diagnosis.item.id)}>{t('finalized.steps')}</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={diagnosisPaths.start}>{t('finalized.another')}</RouterLink>
            </Button>
          </HStack>
        </>
      )}
    </DiagnosisFrame>
  );
}
