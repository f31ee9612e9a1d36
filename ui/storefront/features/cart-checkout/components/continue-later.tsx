import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import type { CartItem } from '../../../../shared/buyback-path/cart-store';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { useKeepCart } from '../api/keep-cart';
import { cartCheckoutPaths } from '../paths';
import { declarationOf } from '../resumed-cart';

/**
 * "Continue later", on the tunnel's summary: the devices of the cart (no
 * personal data) are kept on the server (POST /carts without the customer),
 * and the visitor gets the link of their checkout to copy. The same devices
 * kept again answer the same cart (one Idempotency-Key per set of devices);
 * a changed cart hides the link, which no longer names it.
 */
export function ContinueLater({ items }: { items: readonly CartItem[] }) {
  const { t } = useTranslation('cart-checkout');
  const keep = useKeepCart();
  const keys = useIdempotencyKeys();
  const declarations = useMemo(() => items.map(declarationOf), [items]);
  const signature = JSON.stringify(declarations);
  const [kept, setKept] = useState<{ signature: string; cartId: string } | null>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const field = useRef<HTMLInputElement>(null);
  const cartId = kept?.signature === signature ? kept.cartId : null;
  const link = cartId ? new URL(cartCheckoutPaths.checkout.to(cartId), window.location.origin).href : null;

  // The link takes the focus once shown, selected, ready to be copied; screen readers read its label and the note.
  useEffect(() => {
    if (!link) return;
    field.current?.focus();
    field.current?.select();
  }, [link]);

  const save = () => {
    setCopy('idle');
    keep.mutate(
      { buybacks: declarations, idempotencyKey: keys.keyFor(declarations) },
      { onSuccess: (answer) => setKept({ signature, cartId: answer.cartId }) },
    );
  };

  const copyLink = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      field.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Box borderTopWidth="1px" pt={4} data-testid="continue-later">
      {link ? (
        <Stack gap={3} as="section" aria-labelledby="continue-later-title">
          <Heading as="h2" size="md" id="continue-later-title">
            {t('later.title')}
          </Heading>
          <Field.Root>
            <Field.Label>{t('later.linkLabel')}</Field.Label>
            <HStack gap={2} w="full" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
              <Input ref={field} readOnly value={link} onFocus={(event) => event.currentTarget.select()} fontFamily="mono" fontSize="sm" minW={0} />
              <Button variant="outline" onClick={copyLink} flexShrink={0}>
                {t('later.copy')}
              </Button>
            </HStack>
            <Field.HelperText>{t('later.noPersonalData')}</Field.HelperText>
          </Field.Root>
        </Stack>
      ) : (
        <Stack gap={1} align="start">
          <Button variant="plain" size="sm" px={0} textDecoration="underline" color="brand.fg" onClick={save} loading={keep.isPending}>
            {t('later.action')}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t('later.explain')}
          </Text>
        </Stack>
      )}
      <Text role="status" fontSize="sm" mt={link && copy !== 'idle' ? 2 : 0}>
        {!link ? '' : copy === 'copied' ? t('later.copied') : copy === 'failed' ? t('later.copyFailed') : ''}
      </Text>
      {keep.error !== null && !link && (
        <Box mt={3}>
          <ApiErrorAlert error={keep.error} onRetry={save} />
        </Box>
      )}
    </Box>
  );
}
