import { useNavigate } from 'react-router';
import { FindItemPage } from '../../../components/warehouse-item/find-item-page';
import { useStartDiagnosis } from '../api/diagnosis';
import { diagnosisPaths } from '../paths';

/**
 * /refurb-diagnosis/start: the item's code scanned or typed (8 or 13
 * characters); the server's refusal shown at the field in its own words
 * (too short, not found, not processable, already diagnosed); several
 * items sharing the code are listed, one to pick.
 */
export function Component() {
  const navigate = useNavigate();
  return (
    <FindItemPage
      ns="refurb-diagnosis"
      texts="start"
      find={useStartDiagnosis()}
      onFound={(answer) => void navigate(diagnosisPaths.overview(answer.id))}
      severalCode="REFURB_SEVERAL_ITEMS_MATCH"
      onPick={(candidate, submit) => submit(candidate.identificationNumber)}
      testIds="diagnosis"
      candidateHeaders
    />
  );
}
