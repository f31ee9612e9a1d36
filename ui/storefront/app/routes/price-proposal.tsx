import { useLocation, useParams, useSearchParams } from 'react-router';
import { PriceProposalScreen } from '../../features/price-proposal/components/price-proposal-screen';

/** buyback/{id}/accept and buyback/{id}/reject: the same screen; the path only says which answer the e-mail suggested. */
export function Component() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return <PriceProposalScreen buybackId={id} token={params.get('token') ?? ''} suggested={pathname.endsWith('/reject') ? 'reject' : 'accept'} />;
}
