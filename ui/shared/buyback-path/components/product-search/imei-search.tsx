import { Box, Button, chakra, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductsByImei } from '../../api/find-products-by-imei';
import type { Product } from '../../types';
import { AlertDialog } from '../../../components/alert-dialog';
import { MessageText } from '../../../components/api-text';
import { ApiErrorAlert } from '../api-error-alert';
import { checkImei } from '../imei';
import type { FieldMessage } from '../../field-message';
import { ProductList } from './product-list';

/**
 * Search by IMEI (premium feature imei_search_and_collect): the products
 * whose TAC codes match. An IMEI of no known model opens a dialog: go back
 * and correct it, or continue without a match (the IMEI is kept and the
 * product is then searched another way).
 */
export function ImeiSearch({
  onSelect,
  onContinueUnknown,
  action,
}: {
  onSelect?(product: Product, imei: string): void;
  onContinueUnknown(imei: string): void;
  action?(product: Product, imei: string): ReactNode;
}) {
  const { t } = useTranslation('buyback-path');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<FieldMessage | null>(null);
  const [imei, setImei] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const results = useProductsByImei(imei);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkImei(typed, []);
    if (check.kind === 'empty' || check.kind === 'invalid') {
      setError(check.kind === 'empty' ? { key: 'api:errors.IMEI_REQUIRED', values: {} } : check.message);
      // The products of the previous IMEI are not this one's: they go with it.
      setImei(null);
      input.current?.focus();
    } else {
      setError(null);
      setDismissed(null);
      setImei(check.imei);
    }
  };

  const found = imei !== null ? results.data : undefined;
  const unknown = found !== undefined && found.items.length === 0 && dismissed !== found.imei;

  return (
    <Stack gap={5}>
      <chakra.form role="search" noValidate onSubmit={submit}>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>{t('imei.searchLabel')}</Field.Label>
          <HStack w="full" gap={2} align="start">
            <Input ref={input} name="imei" inputMode="numeric" autoComplete="off" maxLength={17} value={typed} onChange={(event) => setTyped(event.target.value.replace(/\s+/g, ''))} />
            <Button type="submit" colorPalette="brand" loading={results.isFetching}>
              {t('search.keyword.submit')}
            </Button>
          </HStack>
          <Field.HelperText>{t('imei.help')}</Field.HelperText>
          <Field.ErrorText>{error ? <MessageText message={error} /> : null}</Field.ErrorText>
        </Field.Root>
      </chakra.form>
      {results.isError && <ApiErrorAlert error={results.error} />}
      <Box aria-live="polite">{found && found.items.length > 0 && <Text fontWeight="semibold">{t('search.count', { count: found.items.length })}</Text>}</Box>
      {found && found.items.length > 0 && (
        <ProductList
          products={found.items}
          onSelect={onSelect ? (product) => onSelect(product, found.imei) : undefined}
          action={action ? (product) => action(product, found.imei) : undefined}
        />
      )}
      <AlertDialog
        open={unknown}
        onDismiss={() => found && setDismissed(found.imei)}
        title={t('imei.unknown.title')}
        footer={
          <>
            <Button
              variant="outline"
              onClick={() => {
                if (found) setDismissed(found.imei);
                requestAnimationFrame(() => input.current?.focus());
              }}
            >
              {t('imei.unknown.back')}
            </Button>
            <Button colorPalette="brand" onClick={() => found && onContinueUnknown(found.imei)}>
              {t('imei.unknown.continue')}
            </Button>
          </>
        }
      >
        <p>{t('imei.unknown.text', { imei: found?.imei ?? '' })}</p>
      </AlertDialog>
    </Stack>
  );
}
