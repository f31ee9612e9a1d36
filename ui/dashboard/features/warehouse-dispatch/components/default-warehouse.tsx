import { Box, Button, Field, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { FactsSection } from '../../../components/facts';
import { toaster } from '../../../components/toaster';
import { useSetDefaultWarehouse } from '../api/set-default-warehouse';
import { isStaleRules } from '../hooks/use-rule-refusal';
import { choiceLabel, useValueChoices } from '../hooks/use-value-choices';
import type { DispatchSettings } from '../types';

interface Props {
  settings: DispatchSettings;
  editable: boolean;
  onStale(): void;
}

/** Where a device no rule sends anywhere goes; none: such a buyback is refused. */
export function DefaultWarehouse({ settings, editable, onStale }: Props) {
  const { t } = useTranslation('warehouse-dispatch');
  const choices = useValueChoices();
  const save = useSetDefaultWarehouse();
  const errorText = useApiErrorText();
  const [chosen, setChosen] = useState(settings.defaultWarehouseId ?? '');
  const [failure, setFailure] = useState<string | null>(null);

  // Saved here or elsewhere: the choice follows the API's.
  useEffect(() => setChosen(settings.defaultWarehouseId ?? ''), [settings.defaultWarehouseId]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const warehouseId = chosen || null;
    save.mutate(
      { warehouseId, revision: settings.revision },
      {
        onSuccess: () =>
          toaster.create({
            type: 'success',
            title: warehouseId ? t('notifications.defaultSaved', { warehouse: choiceLabel(choices.warehouses, warehouseId) }) : t('notifications.defaultCleared'),
          }),
        onError: (error) => {
          if (error instanceof ApiError && error.isServerError) return;
          if (isStaleRules(error)) onStale();
          else setFailure(errorText(error));
        },
      },
    );
  }

  const current = settings.defaultWarehouseId ? choiceLabel(choices.warehouses, settings.defaultWarehouseId) : t('defaultWarehouse.none');
  return (
    <FactsSection id="section-default-warehouse" title={t('defaultWarehouse.title')}>
      <Text mb="3" fontSize="sm" color="fg.muted">
        {t('defaultWarehouse.help')}
      </Text>
      {editable ? (
        <Box as="form" onSubmit={submit}>
          <HStack gap="3" align="flex-end" wrap="wrap">
            <Field.Root invalid={!!failure} flex="1 1 16rem" minW="0">
              <Field.Label>{t('defaultWarehouse.label')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={chosen} onChange={(e) => setChosen(e.target.value)}>
                  <option value="">{t('defaultWarehouse.none')}</option>
                  {choices.warehouses.map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {failure && <Field.ErrorText>{failure}</Field.ErrorText>}
            </Field.Root>
            <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending} disabled={chosen === (settings.defaultWarehouseId ?? '')}>
              {t('defaultWarehouse.save')}
            </Button>
          </HStack>
        </Box>
      ) : (
        <Text data-testid="default-warehouse">{current}</Text>
      )}
    </FactsSection>
  );
}
