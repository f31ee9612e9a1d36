import { Alert, Box, Button, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { toaster } from '../../../components/toaster';
import { useUpdateClient } from '../api/client-mutations';
import { CLIENT_LIMITS, type Client } from '../types';
import { CheckField, SelectField, TextField } from './form-controls';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const length = (text: string) => [...text.trim()].length;

interface Values {
  metaTitle: string;
  metaDescription: string;
  status: 'on' | 'off';
  widgets: string[];
  products: string;
  searchEnabled: boolean;
  searchTitle: string;
  bannerImageUrl: string;
}

function valuesOf(client: Client): Values {
  const home = client.homePage;
  return {
    metaTitle: home?.metaTitle ?? '',
    metaDescription: home?.metaDescription ?? '',
    status: home?.status ?? 'off',
    widgets: home?.widgets.map((w) => w.html) ?? [],
    products: home?.highlightedProductIds.join('\n') ?? '',
    searchEnabled: Boolean(home?.search),
    searchTitle: home?.search?.title ?? '',
    bannerImageUrl: home?.search?.bannerImageUrl ?? '',
  };
}

/**
 * The storefront's home page (client/{id}/editPages): meta title 2..255,
 * meta description 2..500, on or off, HTML widgets 20..200,000 characters
 * (sanitised by the server), highlighted products by UUID, the search with
 * its title 2..50. Checked here by the same bounds, then by the API.
 */
export function HomePageForm({ client }: { client: Client }) {
  const { t } = useTranslation(['clients', 'common']);
  const errorText = useApiErrorText();
  const update = useUpdateClient();
  const [values, setValues] = useState(() => valuesOf(client));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K) => (value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const between = (min: number, max: number) => t('form.between', { min, max });

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    const bound = (key: string, text: string, { min, max }: { min: number; max: number }) => {
      if (length(text) < min || length(text) > max) found[key] = between(min, max);
    };
    bound('metaTitle', values.metaTitle, CLIENT_LIMITS.metaTitle);
    bound('metaDescription', values.metaDescription, CLIENT_LIMITS.metaDescription);
    values.widgets.forEach((html, index) => bound(`widgets.${index}`, html, CLIENT_LIMITS.widgetHtml));
    const bad = productIds().filter((id) => !UUID.test(id));
    if (bad.length > 0) found.products = t('pages.badProducts', { ids: bad.join(', ') });
    if (values.searchEnabled) bound('searchTitle', values.searchTitle, CLIENT_LIMITS.searchTitle);
    return found;
  }

  const productIds = () => values.products.split(/[\s,;]+/).filter((id) => id !== '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const homePage = {
      metaTitle: values.metaTitle,
      metaDescription: values.metaDescription,
      status: values.status,
      widgets: values.widgets.map((html) => ({ html })),
      highlightedProductIds: productIds(),
      search: values.searchEnabled ? { title: values.searchTitle, bannerImageUrl: values.bannerImageUrl.trim() || null } : null,
    };
    update.mutate(
      { id: client.id, body: { homePage }, revision: client.revision },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('pages.saved') }),
        onError: (error) => {
          if (error instanceof ApiError && error.isServerError) return;
          setFailure([errorText(error), ...(error instanceof ApiError ? error.fields.map((f) => f.message) : [])].join(' '));
        },
      },
    );
  }

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="4xl">
      <form onSubmit={submit} noValidate aria-label={t('pages.title')}>
        <Stack gap="5">
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField name="metaTitle" label={t('pages.metaTitle')} value={values.metaTitle} onChange={set('metaTitle')} error={problems.metaTitle} help={between(2, 255)} required />
            <SelectField name="status" label={t('pages.status')} value={values.status} options={['on', 'off'] as const} text={(v) => t(`pages.statuses.${v}`)} onChange={set('status')} />
          </SimpleGrid>
          <TextField name="metaDescription" label={t('pages.metaDescription')} value={values.metaDescription} onChange={set('metaDescription')} error={problems.metaDescription} help={between(2, 500)} multiline required />
          <Stack gap="3">
            <Text fontWeight="medium">{t('pages.widgets')}</Text>
            {values.widgets.map((html, index) => (
              <HStack key={index} align="start">
                <TextField name={`widgets.${index}`} label={t('pages.widget', { n: index + 1 })} value={html} multiline error={problems[`widgets.${index}`]} help={t('pages.widgetHelp')} onChange={(value) => set('widgets')(values.widgets.map((w, i) => (i === index ? value : w)))} />
                <IconButton aria-label={t('pages.removeWidget', { n: index + 1 })} variant="ghost" mt="6" onClick={() => set('widgets')(values.widgets.filter((_, i) => i !== index))}>
                  ×
                </IconButton>
              </HStack>
            ))}
            <Button alignSelf="start" size="sm" variant="outline" onClick={() => set('widgets')([...values.widgets, ''])}>
              {t('pages.addWidget')}
            </Button>
          </Stack>
          <TextField name="products" label={t('pages.products')} value={values.products} onChange={set('products')} error={problems.products} help={t('pages.productsHelp')} multiline />
          <CheckField name="searchEnabled" label={t('pages.searchEnabled')} checked={values.searchEnabled} onChange={set('searchEnabled')} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField name="searchTitle" label={t('pages.searchTitle')} value={values.searchTitle} onChange={set('searchTitle')} error={problems.searchTitle} help={between(2, 50)} disabled={!values.searchEnabled} />
            <TextField name="bannerImageUrl" label={t('pages.bannerImageUrl')} value={values.bannerImageUrl} onChange={set('bannerImageUrl')} disabled={!values.searchEnabled} />
          </SimpleGrid>
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
