import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/loading-status';
import { toaster } from '../../../components/toaster';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { useCircuitLink, useCircuits } from '../api/categories';
import type { Category } from '../types';

/** The catalogue's circuits, each linked to the category or not; who manages the catalogue links and unlinks them. */
export function CategoryCircuits({ category, editable }: { category: Category; editable: boolean }) {
  const { t } = useTranslation('categories');
  const circuits = useCircuits(true);
  const link = useCircuitLink();
  const errorText = useApiErrorText();
  if (circuits.isPending) return <LoadingStatus />;
  if (circuits.isError) return <Text color="fg.error">{t('circuits.loadFailed')}</Text>;
  return (
    <Stack gap="3" maxW="3xl" data-testid="category-circuits">
      <Text fontSize="sm" color="fg.muted">
        {t('circuits.help')}
      </Text>
      {circuits.data.map((circuit) => {
        const linked = category.circuitIds.includes(circuit.id);
        return (
          <HStack key={circuit.id} justify="space-between" borderWidth="1px" borderRadius="md" p="3">
            <HStack gap="3">
              <Text fontWeight="medium">{circuit.name}</Text>
              <Badge>{t(`circuits.channels.${circuit.channel}`, { defaultValue: circuit.channel })}</Badge>
              {linked && <Badge colorPalette="green">{t('circuits.linked')}</Badge>}
            </HStack>
            {editable && category.status === 'active' && (
              <Button
                size="sm"
                variant={linked ? 'outline' : 'solid'}
                loading={link.isPending && link.variables?.circuitId === circuit.id}
                onClick={() =>
                  link.mutate(
                    { id: category.id, circuitId: circuit.id, linked: !linked },
                    { onError: (error) => toaster.create({ type: 'error', title: errorText(error) }) },
                  )
                }
              >
                {linked ? t('circuits.unlink', { name: circuit.name }) : t('circuits.link', { name: circuit.name })}
              </Button>
            )}
          </HStack>
        );
      })}
    </Stack>
  );
}
