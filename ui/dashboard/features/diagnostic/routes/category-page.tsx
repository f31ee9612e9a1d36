import { Alert, Button, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { useCategoryQuestions, useReorderQuestions } from '../api/questions';
import { InheritedQuestions } from '../components/inherited-questions';
import { OwnQuestions } from '../components/own-questions';
import { diagnosticPaths } from '../paths';

/** category/{categoryId}: the category's own questions, in order (moved by drag or by keyboard), and, read-only, those it inherits. */
export function Component() {
  const { categoryId = '' } = useParams();
  const { t } = useTranslation('diagnostic');
  const can = useCan();
  const view = useCategoryQuestions(categoryId);
  const reorder = useReorderQuestions();
  const errorText = useApiErrorText();
  const home = { label: t('home.title'), to: diagnosticPaths.home };

  if (view.isPending) return <LoadingStatus size="lg" py="16" />;
  if (view.isError) return <DetailLoadFailed error={view.error} listCrumb={home} ns="diagnostic" />;
  const { category, ancestry, own, inherited } = view.data;
  const canManage = can('question.manage');
  const crumbs = [home, ...ancestry.slice(0, -1).map((c) => ({ label: c.label, to: diagnosticPaths.category(c.id) })), { label: category.label }];

  return (
    <Page
      title={t('category.title', { label: category.label })}
      breadcrumbs={crumbs}
      actions={
        canManage ? (
          <Button asChild colorPalette="brand">
            <RouterLink to={diagnosticPaths.add(categoryId)}>{t('category.add')}</RouterLink>
          </Button>
        ) : undefined
      }
    >
      <Stack gap="8">
        <Stack as="section" gap="3" aria-labelledby="own-heading">
          <Heading id="own-heading" as="h2" size="md">
            {t('category.own')}
          </Heading>
          {reorder.isError && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{errorText(reorder.error)}</Alert.Title>
            </Alert.Root>
          )}
          <OwnQuestions
            categoryId={categoryId}
            questions={own}
            canManage={canManage}
            saving={reorder.isPending}
            onReorder={(questionIds) => reorder.mutate({ categoryId, questionIds })}
          />
        </Stack>
        <Stack as="section" gap="3" aria-labelledby="inherited-heading">
          <Heading id="inherited-heading" as="h2" size="md">
            {t('category.inherited')}
          </Heading>
          <InheritedQuestions groups={inherited} />
        </Stack>
      </Stack>
    </Page>
  );
}
