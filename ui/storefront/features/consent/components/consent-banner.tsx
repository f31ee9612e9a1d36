import { Box, Button, Checkbox, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { AppLink } from '../../../components/page-header';
import { useWhiteLabel } from '../../../lib/white-label';
import { ACCEPT_ALL, PURPOSES, REFUSE_ALL, type Purposes } from '../consent-rules';

interface Props {
  /** The choice that holds (settings reopened from the footer), or null (first visit: nothing ticked). */
  initial: Purposes | null;
  /** Open on the per-purpose choice (from the footer's link) rather than the first question. */
  detailed: boolean;
  onSave(purposes: Purposes): void;
  /** Closing without changing anything: only when a choice already holds. */
  onClose?: () => void;
}

/**
 * The built-in consent banner (the CNIL's rules): "refuse all" as visible and
 * as quick as "accept all" (same size and style, one click each), the choice
 * per purpose one click away, nothing ticked in advance. A layer fixed at the
 * bottom of the window: the page under it does not move.
 */
export default function ConsentBanner({ initial, detailed, onSave, onClose }: Props) {
  const { t } = useTranslation('consent');
  const { name } = useWhiteLabel();
  const [showPurposes, setShowPurposes] = useState(detailed);
  const [purposes, setPurposes] = useState<Purposes>(initial ?? REFUSE_ALL);
  return (
    <Box
      as="section"
      role="region"
      aria-labelledby="consent-title"
      data-testid="consent-banner"
      position="fixed"
      insetX={0}
      bottom={0}
      zIndex="modal"
      bg="white"
      color="gray.900"
      borderTopWidth="1px"
      borderColor="gray.300"
      boxShadow="0 -4px 16px rgba(0, 0, 0, 0.12)"
      maxH="90vh"
      overflowY="auto"
      py={4}
    >
      <Container maxW="6xl">
        <Stack gap={3}>
          <Heading as="h2" size="md" id="consent-title">
            {t('title')}
          </Heading>
          <Text fontSize="sm">{t('intro', { name })}</Text>
          <Text fontSize="sm">
            {t('remembered')} <AppLink to={paths.cookiesPolicy.to()}>{t('policyLink')}</AppLink>
          </Text>
          {showPurposes ? (
            <Stack as="fieldset" gap={2}>
              <Text as="legend" fontSize="sm" fontWeight="semibold">
                {t('purposesLegend')}
              </Text>
              {PURPOSES.map((purpose) => (
                <Checkbox.Root
                  key={purpose}
                  checked={purposes[purpose]}
                  onCheckedChange={(details) => setPurposes((current) => ({ ...current, [purpose]: details.checked === true }))}
                  alignItems="start"
                  data-testid={`consent-purpose-${purpose}`}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control mt={1} />
                  <Checkbox.Label fontWeight="normal">
                    <Text as="span" fontWeight="semibold">
                      {t(`purposes.${purpose}.title`)}
                    </Text>{' '}
                    {t(`purposes.${purpose}.description`, { name })}
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          ) : null}
          <Flex gap={3} wrap="wrap" align="center">
            {/* Refusing as easy as accepting: the same button, side by side, one click each. */}
            <Button colorPalette="brand" onClick={() => onSave(REFUSE_ALL)} minW="11rem">
              {t('refuseAll')}
            </Button>
            <Button colorPalette="brand" onClick={() => onSave(ACCEPT_ALL)} minW="11rem">
              {t('acceptAll')}
            </Button>
            {showPurposes ? (
              <Button variant="outline" colorPalette="brand" onClick={() => onSave(purposes)}>
                {t('save')}
              </Button>
            ) : (
              <Button variant="outline" colorPalette="brand" onClick={() => setShowPurposes(true)}>
                {t('customise')}
              </Button>
            )}
            {onClose ? (
              <Button variant="ghost" onClick={onClose}>
                {t('close')}
              </Button>
            ) : null}
          </Flex>
        </Stack>
      </Container>
    </Box>
  );
}
