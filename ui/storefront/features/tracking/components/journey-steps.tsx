import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../../shared/format/format';
import type { BuybackJourney } from '../api/get-journey';

/** The journey's steps, oldest first, as an ordered list: what happened, when, and the price it set. */
export function JourneySteps({ journey }: { journey: BuybackJourney }) {
  const { t, i18n } = useTranslation('tracking');
  return (
    <Stack as="ol" gap={0} listStyleType="none" m={0} p={0} data-testid="journey-steps">
      {journey.steps.map((step, index) => (
        <Box
          as="li"
          key={`${step.step}-${step.at}-${index}`}
          borderLeftWidth="3px"
          borderColor={index === journey.steps.length - 1 ? 'colorPalette.solid' : 'border'}
          colorPalette="brand"
          ps={4}
          pb={4}
          data-testid="journey-step"
          data-step={step.step}
        >
          <Text fontWeight="semibold">
            {step.step === 'carrier_report' && step.deliveryStatus
              ? t('steps.carrier_report', { status: t(`deliveryStatus.${step.deliveryStatus}`) })
              : t(`steps.${step.step}`, { price: step.price ? formatMoney(step.price, i18n.language) : '' })}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={step.at}>{formatDateTime(step.at, i18n.language)}</time>
          </Text>
          {step.step === 'label_ready' && journey.tracking?.link && (
            <Link href={journey.tracking.link} target="_blank" rel="noopener noreferrer" fontSize="sm" colorPalette="brand">
              {t('carrierLink', { carrier: journey.tracking.carrier ?? '' })}
            </Link>
          )}
        </Box>
      ))}
    </Stack>
  );
}
