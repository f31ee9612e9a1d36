import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { isLanguage } from '../../../../shared/i18n';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { Loading } from '../../../components/loading';
import { PageBody } from '../../../components/page-body';
import { PageHeader } from '../../../components/page-header';
import { isMalformedAddress } from '../../../lib/api-errors';
import { PriceProposalPanel } from '../../price-proposal/components/price-proposal-screen';
import { journeyKeys, useJourney } from '../api/get-journey';
import { JourneySteps } from './journey-steps';

function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation(['tracking', 'api', 'common']);
  let text: string;
  if (isMalformedAddress(error, ['id', 'token'])) text = t('tracking:invalidLink');
  else if (error instanceof ApiError && error.status === 410) text = t('tracking:expiredLink');
  else if (error instanceof ApiError && error.status === 404) text = t('tracking:invalidLink');
  else if (error instanceof ApiError) text = error.status === 0 ? t('common:errors.network') : t(`api:errors.${error.code}`, { defaultValue: error.message });
  else text = t('common:errors.generic');
  return (
    <Alert.Root status="error" data-testid="tracking-refused">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * The page speaks the customer's language (the one they registered in) once
 * their journey is known, once per opening: the visitor may still switch
 * with the language switch, and their own remembered choice is left as it was.
 */
function useCustomerLanguage(locale: string | undefined) {
  const { i18n } = useTranslation();
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current || !locale || !isLanguage(locale)) return;
    switched.current = true;
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
}

/**
 * /tracking?id=&token=: the buyback's journey, from the tracking link of its
 * confirmation e-mail, and its price proposal answered on the same page.
 */
export function TrackingScreen({ buybackId, token }: { buybackId: string; token: string }) {
  const { t } = useTranslation('tracking');
  const queryClient = useQueryClient();
  const journey = useJourney(buybackId, token);
  useCustomerLanguage(journey.data?.locale);

  let content;
  if (!buybackId || !token) content = <Refusal error={null} />;
  else if (journey.error) content = <Refusal error={journey.error} />;
  else if (!journey.data) content = <Loading />;
  else {
    const data = journey.data;
    const proposed = data.steps.some((step) => step.step === 'price_proposed');
    content = (
      <Stack gap={6}>
        <Text data-testid="tracking-greeting">
          {data.firstName ? t('greeting', { firstName: data.firstName }) : t('greetingWithoutName')}{' '}
          {t('intro', { product: data.productLabel, number: formatIdentificationNumber(data.identificationNumber) })}
        </Text>
        <Text fontWeight="semibold" data-testid="tracking-status">
          {t(`status.${data.status}`)}
        </Text>
        {proposed && (
          <Stack gap={3} as="section" aria-labelledby="tracking-proposal" data-testid="tracking-proposal">
            <Heading as="h2" size="md" id="tracking-proposal">
              {t('proposalTitle')}
            </Heading>
            {/* Its texts load on their own: the journey stays on screen meanwhile. */}
            <Suspense fallback={<Loading />}>
              <PriceProposalPanel
                buybackId={buybackId}
                token={token}
                suggested="accept"
                onDecided={() => void queryClient.invalidateQueries({ queryKey: journeyKeys.detail(buybackId, token) })}
              />
            </Suspense>
          </Stack>
        )}
        <Stack gap={3} as="section" aria-labelledby="tracking-steps">
          <Heading as="h2" size="md" id="tracking-steps">
            {t('stepsTitle')}
          </Heading>
          <JourneySteps journey={data} />
        </Stack>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} />
      <PageBody narrow>{content}</PageBody>
    </>
  );
}
