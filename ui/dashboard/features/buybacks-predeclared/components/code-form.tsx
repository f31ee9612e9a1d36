import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { AppLink } from '../../../components/page';
import { ScanCodeField, selectForNext } from '../../../components/scan-code-field';
import { ApiError } from '../../../lib/api-client';
import { checkCodeQueryOptions, isUnknownCode, notVerifiable } from '../api/check-code';
import { readCode } from '../code';
import { predeclaredPaths } from '../paths';

type Problem =
  /** The code as typed (required, digits, 13 digits) or as the API answered it (not recognised). */
  | { kind: 'code'; code: string; details: Record<string, unknown> }
  /** It names a buyback this store cannot take in now. */
  | { kind: 'notEligible'; buybackId: string; status: string };

/**
 * The code the customer brings, typed or scanned: a keyboard-wedge scanner's
 * burst ending in Enter is read as a scan (it replaces what was in the
 * field), the camera where the browser reads barcodes. The code is checked
 * as the domain checks it, then asked of the API (is-verifiable); a code
 * that can be taken in opens its declaration. On any refusal the field keeps
 * the focus, its text selected, ready for the next try or scan.
 */
export function CodeForm() {
  const { t } = useTranslation(['buybacks-predeclared', 'api']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  /** Only the latest attempt's answer counts (a scan may come while the previous code is being checked). */
  const attempt = useRef(0);

  const readyForNext = () => selectForNext(input);

  const check = async (value: string) => {
    const mine = ++attempt.current;
    setFailure(null);
    const read = readCode(value);
    if ('problem' in read) {
      setProblem({ kind: 'code', ...read.problem });
      setChecking(false);
      readyForNext();
      return;
    }
    setProblem(null);
    setChecking(true);
    try {
      await queryClient.fetchQuery(checkCodeQueryOptions(read.code));
      if (mine === attempt.current) await navigate(predeclaredPaths.check(read.code));
    } catch (error) {
      if (mine !== attempt.current) return;
      const refused = notVerifiable(error);
      if (refused) setProblem({ kind: 'notEligible', ...refused });
      else if (isUnknownCode(error)) setProblem({ kind: 'code', code: 'BUYBACK_CODE_NOT_FOUND', details: {} });
      else if (error instanceof ApiError && error.status === 400) setProblem({ kind: 'code', code: error.code, details: error.details ?? {} });
      else setFailure(error);
      setChecking(false);
      readyForNext();
    }
  };

  return (
    <Stack gap={5}>
      <Heading as="h2" size="xl">
        {t('code.title')}
      </Heading>
      <Text>{t('code.intro')}</Text>
      <ScanCodeField
        label={t('code.label')}
        help={t('code.help')}
        submitLabel={t('code.submit')}
        pendingLabel={t('code.checking')}
        pending={checking}
        error={
          problem &&
          (problem.kind === 'code'
            ? t(`api:errors.${problem.code}`, problem.details)
            : `${t('api:errors.BUYBACK_NOT_VERIFIABLE')} ${t('notEligible.status', { status: t(`statuses.${problem.status}`, { defaultValue: problem.status }) })}`)
        }
        errorTestId="code-problem"
        value={typed}
        onChange={setTyped}
        onCode={(value) => void check(value)}
        inputRef={input}
        inputMode="numeric"
        camera
      />
      {problem?.kind === 'notEligible' && (
        <Box>
          <AppLink to={predeclaredPaths.buyback(problem.buybackId)}>{t('notEligible.open')}</AppLink>
        </Box>
      )}
      {failure !== null && <ApiErrorAlert error={failure} onRetry={() => void check(typed)} />}
    </Stack>
  );
}
