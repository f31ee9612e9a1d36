import { Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { ScanCodeField, selectForNext } from '../../../components/scan-code-field';
import { ApiError } from '../../../lib/api-client';
import { ambiguousCandidates, type ItemCandidate } from '../../../components/warehouse-item/api/get-item-by-code';
import { readItemCode, type CodeProblem } from '../../../components/warehouse-item/read-item-code';
import { ReplayCandidates } from './replay-candidates';
import { useFindBuybackByCode } from '../api/find-buyback-by-code';
import { replayPaths } from '../paths';

/**
 * A buyback's 13-digit code or the 8-character item code the lists show,
 * typed or scanned (a scanner's burst ending in Enter replaces the field),
 * checked as the domain checks it, then looked up: found, its replay opens;
 * several devices sharing an 8-character code are listed, each to open;
 * otherwise the field says why and keeps the focus.
 */
export function CodeSearchForm() {
  const { t } = useTranslation(['audit-replay', 'api']);
  const navigate = useNavigate();
  const find = useFindBuybackByCode();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<CodeProblem | null>(null);
  const [candidates, setCandidates] = useState<{ candidates: ItemCandidate[]; more: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const refocus = () => selectForNext(input);

  function search(value: string) {
    const read = readItemCode(value);
    setCandidates(null);
    if ('problem' in read) {
      setProblem(read.problem);
      refocus();
      return;
    }
    setProblem(null);
    find.reset();
    find.mutate(read.code, {
      onSuccess: (target) => void navigate(replayPaths.replay(target.buybackId)),
      onError: (error) => {
        const shared = ambiguousCandidates(error);
        if (shared) setCandidates(shared);
        else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setProblem({ code: error.code, details: error.details ?? {} });
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
        size="md"
      />
      {candidates && <ReplayCandidates candidates={candidates.candidates} more={candidates.more} />}
      {failure && <ApiErrorAlert error={failure} onRetry={() => search(typed)} />}
    </Stack>
  );
}
