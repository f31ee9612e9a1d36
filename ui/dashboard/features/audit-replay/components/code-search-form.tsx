import { Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { ScanCodeField, selectForNext } from '../../../components/scan-code-field';
import { ApiError } from '../../../lib/api-client';
import { readCode, type CodeProblem } from '../../buybacks-predeclared/code';
import { useFindBuybackByCode } from '../api/find-buyback-by-code';
import { replayPaths } from '../paths';

/**
 * A buyback's 13-digit code, typed or scanned (a scanner's burst ending in
 * Enter replaces the field), checked as the domain checks it, then looked up:
 * found, its replay opens; otherwise the field says why and keeps the focus.
 */
export function CodeSearchForm() {
  const { t } = useTranslation(['audit-replay', 'api']);
  const navigate = useNavigate();
  const find = useFindBuybackByCode();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<CodeProblem | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const refocus = () => selectForNext(input);

  function search(value: string) {
    const read = readCode(value);
    if ('problem' in read) {
      setProblem(read.problem);
      refocus();
      return;
    }
    setProblem(null);
    find.reset();
    find.mutate(read.code, {
      onSuccess: (buyback) => void navigate(replayPaths.replay(buyback.id)),
      onError: (error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setProblem({ code: error.status === 404 ? 'BUYBACK_CODE_NOT_FOUND' : error.code, details: error.details ?? {} });
        }
        refocus();
      },
    });
  }

  const failure = find.error && !(find.error instanceof ApiError && find.error.status >= 400 && find.error.status < 500) ? find.error : null;

  return (
    <Stack gap="4">
      <ScanCodeField
        label={t('search.code')}
        help={t('search.help')}
        submitLabel={t('search.submit')}
        pendingLabel={t('search.searching')}
        pending={find.isPending}
        error={problem && t(`api:errors.${problem.code}`, problem.details)}
        errorTestId="replay-code-problem"
        value={typed}
        onChange={setTyped}
        onCode={search}
        inputRef={input}
        inputMode="numeric"
        size="md"
      />
      {failure && <ApiErrorAlert error={failure} onRetry={() => search(typed)} />}
    </Stack>
  );
}
