import type { ItemView } from '@server/application/warehouse/warehouse-views';
import { Box } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { itemKeys } from '../../../../shared/api/query-keys';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { ambiguousCandidates, codeRefusal, itemByCodeQueryOptions, type ItemCandidate } from '../../../components/warehouse-item/api/get-item-by-code';
import { ItemCodeForm, selectForNext } from '../../../components/warehouse-item/item-code-form';
import { ItemCandidates } from '../../../components/warehouse-item/item-candidates';
import type { CodeProblem } from '../../../components/warehouse-item/read-item-code';
import { checkRefusal, type CheckRefusal } from '../check-refusal';
import { checkPaths } from '../paths';
import { NotCheckable } from './not-checkable';

type Outcome =
  | { kind: 'ambiguous'; candidates: ItemCandidate[]; more: boolean }
  | { kind: 'refused'; item: ItemView; refusal: CheckRefusal }
  | { kind: 'failure'; error: unknown; code: string };

/**
 * The search step: the device's code, typed or scanned (GET
 * /items/by-code/{code}). An item that may be checked opens its check; any
 * other answer is said under the field (not recognised, several items, not
 * registered yet, already checked…), which keeps the focus for the next code.
 */
export function CodeSearch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const attempt = useRef(0);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<CodeProblem | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const search = async (code: string) => {
    const mine = ++attempt.current;
    setProblem(null);
    setOutcome(null);
    setPending(true);
    try {
      const found = await queryClient.fetchQuery(itemByCodeQueryOptions(code));
      if (mine !== attempt.current) return;
      const { item } = found.lookup;
      const refusal = checkRefusal(found.lookup);
      if (refusal) return setOutcome({ kind: 'refused', item, refusal });
      // The check screen reads the item, then it by its 13-digit code: it opens at once.
      queryClient.setQueryData(itemKeys.detail(item.id), { item, etag: found.etag });
      queryClient.setQueryData(itemKeys.byCode(item.identificationNumber), found);
      await navigate(checkPaths.check(item.id));
    } catch (error) {
      if (mine !== attempt.current) return;
      const candidates = ambiguousCandidates(error);
      const onCode = codeRefusal(error);
      if (candidates) setOutcome({ kind: 'ambiguous', ...candidates });
      else if (onCode) setProblem(onCode);
      else setOutcome({ kind: 'failure', error, code });
    } finally {
      if (mine === attempt.current) setPending(false);
    }
  };
  const again = (code: string) => void search(code).finally(() => selectForNext(input));

  return (
    <Box>
      <ItemCodeForm ns="warehouse-check" onCode={search} pending={pending} problem={problem} inputRef={input} />
      {outcome && (
        <Box mt={4}>
          {outcome.kind === 'ambiguous' ? (
            <ItemCandidates ns="warehouse-check" candidates={outcome.candidates} more={outcome.more} pending={pending} onPick={(candidate) => again(candidate.identificationNumber)} />
          ) : outcome.kind === 'refused' ? (
            <NotCheckable item={outcome.item} refusal={outcome.refusal} />
          ) : (
            <ApiErrorAlert error={outcome.error} onRetry={() => again(outcome.code)} />
          )}
        </Box>
      )}
    </Box>
  );
}
