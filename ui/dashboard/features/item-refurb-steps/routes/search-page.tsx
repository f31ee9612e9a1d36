import { useNavigate } from 'react-router';
import { FindItemPage } from '../../../components/warehouse-item/find-item-page';
import { useFindItem } from '../api/steps';
import { stepPaths } from '../paths';

/** /warehouse/item-refurb-steps/search: an item's code scanned or typed opens its steps; several items of one code are listed, one to pick. */
export function Component() {
  const navigate = useNavigate();
  return (
    <FindItemPage
      ns="item-refurb-steps"
      texts="search"
      find={useFindItem()}
      onFound={(item) => void navigate(stepPaths.item(item.id))}
      severalCode="ITEM_CODE_AMBIGUOUS"
      onPick={(candidate) => void navigate(stepPaths.item(candidate.id))}
      testIds="steps"
    />
  );
}
