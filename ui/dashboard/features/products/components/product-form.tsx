import { Alert, Badge, Box, Stack, Tabs } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm, type ProductBody, type ProductField, type ProductFormValues, type ProductProblems } from '../form-model';
import type { CategoryOption } from './category-options';
import { GeneralFields, PriceFields, TranslationFields } from './product-fields';
import { ImageFields, imageProblem, type ChosenImages, type ImageKind } from './product-images';
import { FormFooter } from '../../../components/form-footer';

const TAB_OF: Array<[string, (field: string) => boolean]> = [
  ['price', (f) => f.startsWith('prices.')],
  ['translations', (f) => f.startsWith('translations.')],
  ['general', (f) => !f.startsWith('prices.') && !f.startsWith('translations.')],
];

interface Props {
  initial: ProductFormValues;
  current: { imageUrl: string | null; imageHdUrl: string | null };
  categories: CategoryOption[];
  refused: ProductProblems;
  refusedImages?: Partial<Record<ImageKind, string>>;
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  /** The edit's own tabs (price history, history), after the form's. */
  extraTabs?: Array<{ value: string; label: string; content: ReactNode }>;
  onSubmit(body: ProductBody, images: ChosenImages): void;
}

/**
 * A product's form (specification 000 §2: images, general information,
 * price; and its translations), saved at once; a problem's tab is marked.
 * The advanced diagnostic tab (refurbishment questions) is not shown: the
 * platform has no refurbishment questions yet.
 */
export function ProductForm({ initial, current, categories, refused, refusedImages = {}, failure, readOnly, submitting, submitLabel, cancelTo, extraTabs = [], onSubmit }: Props) {
  const { t } = useTranslation(['products', 'api', 'common']);
  const [values, setValues] = useState(initial);
  const [images, setImages] = useState<ChosenImages>({});
  const [problems, setProblems] = useState<ProductProblems>({});
  const [tab, setTab] = useState('general');
  const problem = (field: ProductField) => problems[field] ?? refused[field];
  const set =
    <K extends keyof ProductFormValues>(key: K) =>
    (value: ProductFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const shown = { ...refused, ...problems };
  const tabsWithProblems = new Set(Object.keys(shown).filter((f) => shown[f as ProductField]).map((f) => TAB_OF.find(([, test]) => test(f))?.[0]));
  if (Object.values(refusedImages).some(Boolean) || (['image', 'hd'] as const).some((k) => images[k] && imageProblem(k, images[k]))) tabsWithProblems.add('images');

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(values);
    if ('problems' in checked) {
      const found: ProductProblems = {};
      for (const { field, code, details } of checked.problems) found[field] ??= t(`api:errors.${code}`, details);
      setProblems(found);
      const first = checked.problems[0]?.field ?? '';
      setTab(TAB_OF.find(([, test]) => test(first))?.[0] ?? 'general');
      return;
    }
    if ((['image', 'hd'] as const).some((k) => images[k] && imageProblem(k, images[k]))) {
      setTab('images');
      return;
    }
    setProblems({});
    onSubmit(checked.body, images);
  }

  const fields = { values, set, problem, readOnly };
  const trigger = (value: string, label: string) => (
    <Tabs.Trigger value={value} key={value}>
      {label}
      {tabsWithProblems.has(value) && (
        <Badge colorPalette="red" size="xs" ml="1">
          !
        </Badge>
      )}
    </Tabs.Trigger>
  );

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="5xl">
      <form onSubmit={submit} noValidate aria-label={t('form.title')}>
        <Stack gap="5">
          <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value)} variant="line">
            <Tabs.List mb="5" flexWrap="wrap">
              {trigger('images', t('tabs.images'))}
              {trigger('general', t('tabs.general'))}
              {trigger('price', t('tabs.price'))}
              {trigger('translations', t('tabs.translations'))}
              {extraTabs.map((extra) => trigger(extra.value, extra.label))}
            </Tabs.List>
            <Tabs.Content value="images">
              <ImageFields current={current} chosen={images} onChoose={(kind, file) => setImages((i) => ({ ...i, [kind]: file ?? undefined }))} refused={refusedImages} readOnly={readOnly} />
            </Tabs.Content>
            <Tabs.Content value="general">
              <GeneralFields {...fields} categories={categories} />
            </Tabs.Content>
            <Tabs.Content value="price">
              <PriceFields {...fields} />
            </Tabs.Content>
            <Tabs.Content value="translations">
              <TranslationFields {...fields} />
            </Tabs.Content>
            {extraTabs.map((extra) => (
              <Tabs.Content value={extra.value} key={extra.value}>
                {extra.content}
              </Tabs.Content>
            ))}
          </Tabs.Root>
          {tabsWithProblems.size > 0 && !failure && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t('form.problemsInTabs')}</Alert.Title>
            </Alert.Root>
          )}
          <FormFooter failure={failure} cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} submitLabel={submitLabel} cancelWhenReadOnly={false} />
        </Stack>
      </form>
    </Box>
  );
}
