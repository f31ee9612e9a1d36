import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { toaster } from '../../../components/toaster';
import { useSetResaleTarget, type ItemEconomics } from '../api/item-economics';

/** Euros as typed ("249", "249,90", "249.9"), in cents; null for an empty field; undefined when it is no amount. */
export function centsOf(typed: string): number | null | undefined {
  const value = typed.trim().replace(/\s/g, '').replace(',', '.');
  if (value === '') return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) return undefined;
  return Math.round(Number(value) * 100);
}

/** The item's target resale price, in euros, saved with the target's revision (If-Match). */
export function ResaleTargetForm({ itemId, economics }: { itemId: string; economics: ItemEconomics }) {
  const { t, i18n } = useTranslation('items-stock');
  const current = economics.targetResalePrice ? (economics.targetResalePrice.amountInCents / 100).toLocaleString(i18n.language, { minimumFractionDigits: 2, useGrouping: false }) : '';
  const [typed, setTyped] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetResaleTarget(itemId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = centsOf(typed);
    if (cents === undefined) return setProblem(t('economic.targetInvalid'));
    setProblem(null);
    save.mutate(
      { cents, revision: economics.resaleTargetRevision },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('economic.targetSaved') }),
        onError: (error) => setProblem(error instanceof ApiError ? error.message : t('economic.targetInvalid')),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label={t('economic.targetForm')}>
      <HStack align="end" gap="3" mt="4">
        <Field.Root invalid={problem !== null} maxW="60">
          <Field.Label>{t('economic.targetLabel')}</Field.Label>
          <Input name="targetResalePrice" inputMode="decimal" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" loading={save.isPending}>
          {t('economic.targetSave')}
        </Button>
      </HStack>
    </form>
  );
}
