import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import type { ItemCandidate } from '../../../components/warehouse-item/api/get-item-by-code';
import { ItemCandidates } from '../../../components/warehouse-item/item-candidates';
import { AppLink } from '../../../components/page';
import { replayPaths } from '../paths';

/** The devices an 8-character item code names at once: each with its 13-digit code, product and status, and its replay to open. */
export function ReplayCandidates({ candidates, more }: { candidates: readonly ItemCandidate[]; more: boolean }) {
  const { t } = useTranslation('audit-replay');
  return (
    <ItemCandidates
      ns="audit-replay"
      candidates={candidates}
      more={more}
      texts={{ text: 'search.candidates', more: 'search.moreCandidates' }}
      testId="replay-candidates"
      action={(candidate) =>
        candidate.buybackId && (
          <AppLink to={replayPaths.replay(candidate.buybackId)}>{t('search.openCandidate', { code: formatIdentificationNumber(candidate.identificationNumber) })}</AppLink>
        )
      }
    />
  );
}
