import { Alert, Button, DataList, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { AlertDialog } from '../../../../shared/components/alert-dialog';
import { formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { Loading } from '../../../components/loading';
import { isMalformedAddress } from '../../../lib/api-errors';
import { PageHeader } from '../../../components/page-header';
import { PageBody } from '../../../components/page-body';
import { useDecidePriceProposal, type Decision } from '../api/decide-price-proposal';
import { usePriceProposal, type PriceProposal } from '../api/get-price-proposal';
import { PAYMENT_DELAY_WORKING_DAYS, paymentDueDateText } from '../payment-due-date';

/** An API refusal in the visitor's current language (the API's own text when the code has no translation). */
function useErrorText() {
  const { t } = useTranslation(['api', 'common']);
  return (error: unknown) =>
    error instanceof ApiError
      ? error.status === 0
        ? t('common:errors.network')
        : t(`api:errors.${error.code}`, { defaultValue: error.message })
      : t('common:errors.generic');
}

function ProblemAlert({ text }: { text: string }) {
  return (
    <Alert.Root status="error" data-testid="price-proposal-error">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * The proposal and its answer, without the page around it: the e-mailed
 * proposal link's screen below, and the tracking page (features/tracking),
 * whose token opens it too. `onDecided` runs once an answer is recorded.
 */
export function PriceProposalPanel({ buybackId, token, suggested, onDecided }: { buybackId: string; token: string; suggested: Decision; onDecided?: () => void }) {
  const { t } = useTranslation('price-proposal');
  const errorText = useErrorText();
  const proposal = usePriceProposal(buybackId, token);

  if (!token) return <ProblemAlert text={t('missingToken')} />;
  // A link cut or altered on its way (an id or a token of the wrong shape) is a wrong link, not a form to correct.
  if (isMalformedAddress(proposal.error, ['id', 'token'])) return <ProblemAlert text={t('invalidLink')} />;
  if (proposal.error) return <ProblemAlert text={errorText(proposal.error)} />;
  if (!proposal.data) return <Loading />;
  return <ProposalDetails proposal={proposal.data} buybackId={buybackId} token={token} suggested={suggested} onDecided={onDecided} />;
}

/**
 * buyback/{id}/accept and buyback/{id}/reject: one screen. The customer sees
 * the declared and the proposed price and the reason, then accepts or
 * rejects; a proposal already answered says so.
 */
export function PriceProposalScreen({ buybackId, token, suggested }: { buybackId: string; token: string; suggested: Decision }) {
  const { t } = useTranslation('price-proposal');
  return (
    <>
      <PageHeader title={t('title')} page="priceProposal" />
      <PageBody narrow>
        <PriceProposalPanel buybackId={buybackId} token={token} suggested={suggested} />
      </PageBody>
    </>
  );
}

function ProposalDetails({
  proposal,
  buybackId,
  token,
  suggested,
  onDecided,
}: {
  proposal: PriceProposal;
  buybackId: string;
  token: string;
  suggested: Decision;
  onDecided?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation('price-proposal');
  const errorText = useErrorText();
  const decide = useDecidePriceProposal(buybackId, token);
  const [asked, setAsked] = useState<Decision | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const justDecided = decide.isSuccess;
  // Until the proposal is read again, the answer just given is the decision.
  const decision = proposal.alreadyResolved ? proposal.decision : justDecided ? (decide.variables === 'accept' ? 'accepted' : 'rejected') : 'pending';
  const resolved = decision !== 'pending' || proposal.alreadyResolved;

  // After answering (or failing to), focus moves to the outcome so it is read out.
  useEffect(() => {
    if (decide.isSuccess || decide.isError) outcome.current?.focus();
  }, [decide.isSuccess, decide.isError]);

  const money = (value: PriceProposal['previousPrice']) => formatMoney(value, i18n.language);
  // Information only: the customer is paid within 5 working days of accepting (French public holidays counted).
  const dueDate = paymentDueDateText(i18n.language);
  const days = PAYMENT_DELAY_WORKING_DAYS;

  return (
    <Stack gap={6}>
      <Text>
        {proposal.productLabel
          ? t('intro', { product: proposal.productLabel, number: formatIdentificationNumber(proposal.identificationNumber) })
          : t('introWithoutProduct', { number: formatIdentificationNumber(proposal.identificationNumber) })}
      </Text>
      <DataList.Root orientation="horizontal" size="lg" data-testid="price-proposal-details">
        <DataList.Item>
          <DataList.ItemLabel>{t('previousPrice')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="previous-price" textDecoration={decision === 'accepted' ? 'line-through' : undefined}>
            {money(proposal.previousPrice)}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('proposedPrice')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="proposed-price" fontWeight="bold" fontSize="xl">
            {money(proposal.proposedPrice)}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('reason')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="proposal-reason">{proposal.reason}</DataList.ItemValue>
        </DataList.Item>
        {proposal.comment && (
          <DataList.Item>
            <DataList.ItemLabel>{t('comment')}</DataList.ItemLabel>
            <DataList.ItemValue>{proposal.comment}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList.Root>

      <div ref={outcome} tabIndex={-1} style={{ outline: 'none' }}>
        {resolved ? (
          <Alert.Root status={justDecided ? 'success' : 'info'} data-testid="price-proposal-resolved">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{justDecided ? t('resolved.recorded') : t('resolved.already')}</Alert.Title>
              <Alert.Description>{t(`resolved.${decision === 'pending' ? 'closed' : decision}`, { price: money(proposal.proposedPrice) })}</Alert.Description>
              {decision === 'accepted' && (
                <Alert.Description data-testid="payment-due-date">
                  {justDecided ? t('paymentDelay.accepted', { days, date: dueDate }) : t('paymentDelay.acceptedEarlier', { days })}
                </Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
        ) : decide.isError ? (
          <ProblemAlert text={errorText(decide.error)} />
        ) : null}
      </div>

      {!resolved && (
        <Stack gap={4}>
          <Text>{t('choice')}</Text>
          <Text data-testid="payment-due-date">{t('paymentDelay.ifAccepted', { days, date: dueDate })}</Text>
          <HStack gap={3} flexWrap="wrap">
            <Button colorPalette="brand" variant={suggested === 'accept' ? 'solid' : 'outline'} onClick={() => setAsked('accept')}>
              {t('accept.button')}
            </Button>
            <Button colorPalette="brand" variant={suggested === 'reject' ? 'solid' : 'outline'} onClick={() => setAsked('reject')}>
              {t('reject.button')}
            </Button>
          </HStack>
        </Stack>
      )}

      <AlertDialog
        open={asked !== null}
        onDismiss={() => {
          if (!decide.isPending) setAsked(null);
        }}
        title={asked && t(`${asked}.confirmTitle`)}
        footer={
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline" disabled={decide.isPending}>
                {t('common:actions.cancel')}
              </Button>
            </Dialog.ActionTrigger>
            <Button
              colorPalette="brand"
              loading={decide.isPending}
              onClick={() => {
                if (!asked) return;
                decide.mutate(asked, { onSettled: () => setAsked(null), onSuccess: () => onDecided?.() });
              }}
            >
              {asked && t(`${asked}.confirm`)}
            </Button>
          </>
        }
      >
        <Text>{asked && t(`${asked}.confirmText`, { price: money(proposal.proposedPrice) })}</Text>
      </AlertDialog>
    </Stack>
  );
}
