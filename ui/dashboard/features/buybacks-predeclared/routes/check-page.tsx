import { Alert, Box, Spinner, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { AppLink } from '../../../components/page';
import { isUnknownCode, notVerifiable, useCheckCode } from '../api/check-code';
import { useBuybackByCode } from '../api/get-buyback-by-code';
import { readCode } from '../code';
import { DeclarationCheck } from '../components/declaration-check';
import { PredeclaredPage } from '../components/predeclared-page';
import { predeclaredPaths } from '../paths';

/** /buybacks-predeclared/{code}: the declaration to check with the device in hand, then finalize. A malformed code goes back to the code. */
export function Component() {
  const { code: raw = '' } = useParams();
  const read = readCode(raw);
  if ('problem' in read) return <Navigate to={predeclaredPaths.code} replace />;
  return (
    <PredeclaredPage step="check">
      <CheckScreen key={read.code} code={read.code} />
    </PredeclaredPage>
  );
}

function CheckScreen({ code }: { code: string }) {
  const verification = useCheckCode(code);
  const found = useBuybackByCode(code, verification.isSuccess);
  if (verification.isError) return <Refused error={verification.error} onRetry={() => void verification.refetch()} />;
  if (found.isError) return <Refused error={found.error} onRetry={() => void found.refetch()} />;
  if (!verification.data || !found.data) return <Loading />;
  return <DeclarationCheck code={code} verification={verification.data} buyback={found.data.buyback} etag={found.data.etag} />;
}

/** Why this code cannot be taken in here (after a reload, a finalize elsewhere, a cancellation), and the way back to the code. */
function Refused({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation(['buybacks-predeclared', 'api']);
  const refused = notVerifiable(error);
  return (
    <Stack gap={4}>
      {refused ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content gap={2}>
            <Alert.Title>{t('api:errors.BUYBACK_NOT_VERIFIABLE')}</Alert.Title>
            <Alert.Description>{t('notEligible.status', { status: t(`statuses.${refused.status}`, { defaultValue: refused.status }) })}</Alert.Description>
            <AppLink to={predeclaredPaths.buyback(refused.buybackId)}>{t('notEligible.open')}</AppLink>
          </Alert.Content>
        </Alert.Root>
      ) : isUnknownCode(error) ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{t('api:errors.BUYBACK_CODE_NOT_FOUND')}</Alert.Description>
        </Alert.Root>
      ) : (
        <ApiErrorAlert error={error} onRetry={onRetry} />
      )}
      <Box>
        <AppLink to={predeclaredPaths.code}>{t('check.another')}</AppLink>
      </Box>
    </Stack>
  );
}

function Loading() {
  const { t } = useTranslation('buybacks-predeclared');
  return (
    <Box role="status">
      <Spinner size="sm" aria-hidden />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Box>
  );
}
