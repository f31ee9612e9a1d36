import { Alert, Box, Button, Heading, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppEnvironment } from '../../app-environment';
import { useLabelReadiness } from '../../labels/label-polling';
import { useInstructions } from '../api/get-instructions';

/**
 * What the customer (or the seller) does with the parcel: the circuit's
 * instructions in order, and, when a label is expected and `pollLabel`, the
 * label polled until it is ready (then downloaded with the registration's
 * documents token) or given up as not available. A store's device travels
 * under its package's label: `pollLabel` false says so instead.
 */
export function ShippingDocuments({
  buybackId,
  documentsToken,
  pollLabel,
  documents,
}: {
  buybackId: string;
  documentsToken: string | null;
  pollLabel: boolean;
  /** The documents to print now (a store's transfer order and tracking sheet): they replace the "print the label" step, which a store's device does not have yet. */
  documents?: ReactNode;
}) {
  const { t } = useTranslation('buyback-path');
  const instructions = useInstructions(buybackId);
  if (!instructions.data) return null;
  const { labelExpected } = instructions.data;
  const items = documents ? instructions.data.items.filter((item) => item.type !== 'print') : instructions.data.items;
  if (items.length === 0 && !labelExpected && !documents) return null;
  return (
    <Stack gap={2} data-testid="shipping-documents">
      <Heading as="h3" size="sm">
        {t('instructions.title')}
      </Heading>
      {items.length > 0 && (
        <List.Root as="ol" ps={5} gap={1}>
          {items.map((item) => (
            <List.Item key={item.sequence}>{item.label ?? t(`instructions.types.${item.type}`)}</List.Item>
          ))}
        </List.Root>
      )}
      {documents}
      {labelExpected &&
        (pollLabel ? <LabelDownload buybackId={buybackId} documentsToken={documentsToken} /> : <Text color="fg.muted">{t('instructions.label.withPackage')}</Text>)}
    </Stack>
  );
}

/** The label's place, the height of its download (caption and button) whatever its state: nothing below moves when it is ready. */
function LabelDownload(props: { buybackId: string; documentsToken: string | null }) {
  return (
    <Box minH="4.5rem">
      <LabelState {...props} />
    </Box>
  );
}

function LabelState({ buybackId, documentsToken }: { buybackId: string; documentsToken: string | null }) {
  const { t } = useTranslation('buyback-path');
  const { api } = useAppEnvironment();
  const path = `/buybacks/${encodeURIComponent(buybackId)}/shipping-label`;
  const label = useLabelReadiness(api, path);
  const href = `/api${path}${documentsToken ? `?token=${encodeURIComponent(documentsToken)}` : ''}`;
  switch (label.state) {
    case 'checking':
    case 'pending':
      return (
        <HStack gap={2} role="status" data-testid="label-pending">
          <Spinner size="sm" />
          <Text>{t(`instructions.label.${label.state}`)}</Text>
        </HStack>
      );
    case 'ready':
      return (
        <Box>
          <Text mb={2}>{t('instructions.label.ready')}</Text>
          <Button asChild colorPalette="brand" variant="outline">
            <a href={href} download data-testid="label-download">
              {t('instructions.label.download')}
            </a>
          </Button>
        </Box>
      );
    case 'unavailable':
      return (
        <Alert.Root status="warning" data-testid="label-unavailable">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('instructions.label.unavailable')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={label.retry}>
            {t('instructions.label.retry')}
          </Button>
        </Alert.Root>
      );
    case 'none':
      return null;
  }
}
