import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DiagnosisFrame } from '../components/diagnosis-frame';
import { diagnosisPaths } from '../paths';

/** /warehouse/refurb-diagnosis/{id}: the diagnosis of an item, where it stands, and the next step. */
export function Component() {
  const { t } = useTranslation('refurb-diagnosis');
  return (
    <DiagnosisFrame step="overview">
      {(diagnosis) => (
        <>
          <Text data-testid="diagnosis-progress">
            {t('overview.progress', { answered: diagnosis.questions.length - diagnosis.unansweredQuestionIds.length, total: diagnosis.questions.length })}
          </Text>
          <HStack gap="3" wrap="wrap">
            {diagnosis.status === 'open' ? (
              <>
                <Button asChild colorPalette="brand">
                  <RouterLink to={diagnosisPaths.questions(diagnosis.id)}>{t('overview.answer')}</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to={diagnosisPaths.summary(diagnosis.id)}>{t('steps.summary')}</RouterLink>
                </Button>
              </>
            ) : (
              <Button asChild colorPalette="brand">
                <RouterLink to={diagnosisPaths.finalized(diagnosis.id)}>{t('steps.finalized')}</RouterLink>
              </Button>
            )}
          </HStack>
        </>
      )}
    </DiagnosisFrame>
  );
}
