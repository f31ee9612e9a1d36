import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/format';
import { Facts, FactsSection } from '../../../components/facts';
import type { Replay, ReplayWording } from '../replay-data';
import { buybackStateLabel } from '../status-labels';

type BuybackAtMoment = Replay['state']['buyback'];

/** A value with its test id, "—" when there is none at this moment. */
const shown = (testId: string, value: string | null) => <span data-testid={testId}>{value ?? '—'}</span>;

/** The buyback as it was at the moment shown: status, prices, the new price proposed and the customer's answer, the payment. */
export function BuybackState({ state, words }: { state: BuybackAtMoment; words: ReplayWording }) {
  const { t } = useTranslation(['audit-replay', 'buybacks']);
  const money = (value: BuybackAtMoment['declaredPrice']) => (value ? formatMoney(value, words.language) : null);
  const proposal = state.proposal;
  return (
    <FactsSection id="replay-buyback-state" title={t('state.buyback')}>
      {state.status === null ? (
        <Text color="fg.muted">{t('state.notYet')}</Text>
      ) : (
        <Facts
          items={[
            [t('state.status'), shown('replay-status', buybackStateLabel(state.statePath ?? state.status, words.t))],
            [t('state.declaredPrice'), shown('replay-declared-price', money(state.declaredPrice))],
            [t('state.controlledPrice'), shown('replay-controlled-price', money(state.controlledPrice))],
            [t('state.validatedPrice'), shown('replay-validated-price', money(state.validatedPrice))],
            [
              t('state.proposal'),
              shown(
                'replay-proposal',
                proposal ? t('state.proposalValue', { proposed: money(proposal.proposedPrice), previous: money(proposal.previousPrice), reason: proposal.reason }) : null,
              ),
            ],
            [t('state.decision'), shown('replay-decision', proposal ? t(`buybacks:proposal.decisions.${proposal.decision}`) : null)],
            [
              t('state.paymentStatus'),
              shown('replay-payment-status', state.paymentStatus ? t(`buybacks:paymentStatuses.${state.paymentStatus}`, { defaultValue: state.paymentStatus }) : null),
            ],
            [t('state.paymentDue'), shown('replay-payment-due', state.paymentDue ? money(state.paymentDue) : t('state.nothingDue'))],
          ]}
        />
      )}
    </FactsSection>
  );
}
