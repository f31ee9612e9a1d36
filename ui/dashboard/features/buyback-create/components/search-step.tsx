import { Alert, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { PremiumBadge } from '../../../../shared/components/premium-badge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { IMEI_FEATURE } from '../../../../shared/buyback-path/components/imei';
import { CategoryBrowser } from '../../../../shared/buyback-path/components/product-search/category-browser';
import { ImeiSearch } from '../../../../shared/buyback-path/components/product-search/imei-search';
import { KeywordSearch } from '../../../../shared/buyback-path/components/product-search/keyword-search';
import type { ProductView } from '@server/application/catalog/catalog-views';
import type { StepProps } from '../wizard';
import { useStoreCart } from '../store-cart';
import { CartNotice } from './cart-notice';

/** Step 1: find the product by keyword, by category, or by IMEI (premium feature imei_search_and_collect). */
export function SearchStep({ goTo, headingRef }: StepProps) {
  const { t } = useTranslation('buyback-create');
  const { settings } = useAppEnvironment();
  const { store, cart } = useCart();
  const storeCart = useStoreCart();
  const imeiEnabled = settings.enabledPremiumFeatures.includes(IMEI_FEATURE);
  const [mode, setMode] = useState('keyword');
  /** An IMEI of no known model the seller chose to keep: it goes with the product found another way. */
  const [unknownImei, setUnknownImei] = useState<string | null>(null);

  const choose = (product: ProductView, imei: string | null = null) => {
    if (storeCart.shown && cart.items.length > 0) {
      // Another device of the customer's cart: the cart stays (a full one takes no more).
      if (!storeCart.canAdd) return;
      store.discardDraft();
    } else {
      // A new product starts a new buyback: what a previous, unfinished one left in the cart goes.
      store.reset();
    }
    store.startDraft(product.id);
    const kept = imei ?? unknownImei;
    if (kept) store.updateDraft({ imei: kept, acceptUnknownImei: imei === null });
    goTo('options');
  };

  return (
    <Stack gap={6}>
      <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
        {t('search.title')}
      </Heading>
      {storeCart.shown && cart.items.length > 0 && <CartNotice goTo={goTo} canAdd={storeCart.canAdd} />}
      {unknownImei && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('search.unknownImeiKept', { imei: unknownImei })}</Alert.Description>
        </Alert.Root>
      )}
      <Tabs.Root value={mode} onValueChange={(details) => setMode(details.value)} variant="line" lazyMount>
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="keyword">{t('search.modes.keyword')}</Tabs.Trigger>
          <Tabs.Trigger value="category">{t('search.modes.category')}</Tabs.Trigger>
          {/* Without the premium feature the IMEI search is shown, not offered: its badge says why. */}
          <Tabs.Trigger value="imei" disabled={!imeiEnabled}>
            <HStack gap={2}>
              {t('search.modes.imei')}
              {!imeiEnabled && <PremiumBadge feature={IMEI_FEATURE} />}
            </HStack>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="keyword" pt={5}>
          <KeywordSearch onSelect={(product) => choose(product)} />
        </Tabs.Content>
        <Tabs.Content value="category" pt={5}>
          <CategoryBrowser onSelect={(product) => choose(product)} />
        </Tabs.Content>
        {imeiEnabled && (
          <Tabs.Content value="imei" pt={5}>
            <Stack gap={4}>
              <Text color="fg.muted">{t('search.imeiHelp')}</Text>
              <ImeiSearch
                onSelect={(product, imei) => choose(product, imei)}
                onContinueUnknown={(imei) => {
                  setUnknownImei(imei);
                  setMode('keyword');
                }}
              />
            </Stack>
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Stack>
  );
}
