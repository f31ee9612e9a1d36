import { RadioGroup, Stack, Fieldset } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';

interface Props {
  open: boolean;
  warehouses: ReadonlyArray<{ id: string; name: string }>;
  /** The warehouse chosen so far, checked when the dialog opens. */
  value: string | null;
  onPick(warehouseId: string): void;
  onClose(): void;
}

/** The warehouse-pick dialog: the tenant's warehouses, one to choose as the package's destination. */
export function WarehousePickDialog({ open, warehouses, value, onPick, onClose }: Props) {
  const { t } = useTranslation(['expedition', 'common']);
  const [draft, setDraft] = useState<string | null>(value);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setDraft(value);
      setProblem(null);
    }
  }, [open, value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return setProblem(t('pick.required'));
    onPick(draft);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('pick.title')}
      onSubmit={submit}
      failure={problem}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('pick.submit')}
      submitPalette="brand"
      submitting={false}
    >
      <Fieldset.Root>
        <Fieldset.Legend>{t('pick.legend')}</Fieldset.Legend>
        <RadioGroup.Root name="warehouse" value={draft} onValueChange={(details) => setDraft(details.value)}>
          <Stack gap="3" mt="2">
            {warehouses.map((warehouse) => (
              <RadioGroup.Item key={warehouse.id} value={warehouse.id}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{warehouse.name}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Fieldset.Root>
    </FormDialog>
  );
}
