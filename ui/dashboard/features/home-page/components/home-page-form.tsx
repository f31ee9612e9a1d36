import { Alert, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_PAGE_LIMITS } from '@server/domain/settings/home-page/home-page-rules';
import { SelectField, TextField } from '../../clients/components/form-controls';
import type { HomePage, HomePageWidget } from '../api/home-page';
import { WidgetEditor, type EditedWidget } from './widget-editor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const length = (text: string) => [...text.trim()].length;
const idsOf = (text: string) => text.split(/[\s,;]+/).filter((id) => id !== '');

interface Values {
  metaTitle: string;
  metaDescription: string;
  status: 'on' | 'off';
  widgets: EditedWidget[];
}

function editedOf(widget: HomePageWidget, key: number): EditedWidget {
  switch (widget.type) {
    case 'html':
      return { key, type: 'html', html: widget.html };
    case 'products':
      return { key, type: 'products', productIds: widget.productIds.join('\n') };
    case 'search':
      return { key, type: 'search', title: widget.title, bannerImageUrl: widget.bannerImageUrl ?? '' };
  }
}

function widgetOf(widget: EditedWidget): HomePageWidget {
  switch (widget.type) {
    case 'html':
      return { type: 'html', html: widget.html };
    case 'products':
      return { type: 'products', productIds: idsOf(widget.productIds) };
    case 'search':
      return { type: 'search', title: widget.title, bannerImageUrl: widget.bannerImageUrl.trim() || null };
  }
}

interface Props {
  current: HomePage;
  /** The API's refusals, by field path (`widgets.2.title`). */
  refused: Record<string, string>;
  failure: string | null;
  submitting: boolean;
  onSubmit(patch: Record<string, unknown>): void;
}

/**
 * The storefront's home page (specification 002 §3): meta title 2..255,
 * description 2..500, on or off, and its widgets in order — custom HTML
 * (20..200,000 characters, sanitised by the server: what it keeps is shown
 * after saving), highlighted products by id, a search with its title and
 * banner — added, moved up or down, removed. Checked here by the same
 * bounds, then by the API.
 */
export function HomePageForm({ current, refused, failure, submitting, onSubmit }: Props) {
  const { t } = useTranslation(['home-page', 'common']);
  const nextKey = useRef(current.widgets.length);
  const [values, setValues] = useState<Values>(() => ({
    metaTitle: current.metaTitle,
    metaDescription: current.metaDescription,
    status: current.status,
    widgets: current.widgets.map(editedOf),
  }));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const shown = { ...refused, ...problems };
  const set = <K extends keyof Values>(key: K) => (value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setWidgets = (widgets: EditedWidget[]) => set('widgets')(widgets);
  const between = ({ min, max }: { min: number; max: number }) => t('help.between', { min, max });

  function add(type: EditedWidget['type']) {
    const key = nextKey.current++;
    const widget: EditedWidget = type === 'html' ? { key, type, html: '' } : type === 'products' ? { key, type, productIds: '' } : { key, type, title: '', bannerImageUrl: '' };
    setWidgets([...values.widgets, widget]);
  }

  function move(index: number, by: -1 | 1) {
    const widgets = [...values.widgets];
    const [moved] = widgets.splice(index, 1);
    widgets.splice(index + by, 0, moved as EditedWidget);
    setWidgets(widgets);
  }

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    const bound = (key: string, text: string, bounds: { min: number; max: number }) => {
      if (length(text) < bounds.min || length(text) > bounds.max) found[key] = between(bounds);
    };
    bound('metaTitle', values.metaTitle, HOME_PAGE_LIMITS.metaTitle);
    bound('metaDescription', values.metaDescription, HOME_PAGE_LIMITS.metaDescription);
    values.widgets.forEach((widget, index) => {
      if (widget.type === 'html') bound(`widgets.${index}.html`, widget.html, HOME_PAGE_LIMITS.html);
      if (widget.type === 'search') bound(`widgets.${index}.title`, widget.title, HOME_PAGE_LIMITS.searchTitle);
      if (widget.type === 'products') {
        const ids = idsOf(widget.productIds);
        const bad = ids.filter((id) => !UUID.test(id));
        if (ids.length === 0) found[`widgets.${index}.productIds`] = t('errors.productsRequired');
        else if (bad.length > 0) found[`widgets.${index}.productIds`] = t('errors.badProducts', { ids: bad.join(', ') });
      }
    });
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({ metaTitle: values.metaTitle, metaDescription: values.metaDescription, status: values.status, widgets: values.widgets.map(widgetOf) });
  }

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="4xl">
      <form onSubmit={submit} noValidate aria-label={t('title')}>
        <Stack gap="5">
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField name="metaTitle" label={t('fields.metaTitle')} value={values.metaTitle} onChange={set('metaTitle')} error={shown.metaTitle} help={between(HOME_PAGE_LIMITS.metaTitle)} required />
            <SelectField name="status" label={t('fields.status')} value={values.status} options={['on', 'off'] as const} text={(v) => t(`statuses.${v}`)} onChange={set('status')} />
          </SimpleGrid>
          <TextField name="metaDescription" label={t('fields.metaDescription')} value={values.metaDescription} onChange={set('metaDescription')} error={shown.metaDescription} help={between(HOME_PAGE_LIMITS.metaDescription)} multiline required />
          <Stack gap="3" as="section" aria-label={t('widgets')}>
            <Text fontWeight="medium">{t('widgets')}</Text>
            {values.widgets.length === 0 && <Text color="fg.muted">{t('noWidgets')}</Text>}
            <Stack as="ol" gap="3" listStyleType="none">
              {values.widgets.map((widget, index) => (
                <WidgetEditor
                  key={widget.key}
                  widget={widget}
                  index={index}
                  count={values.widgets.length}
                  accountId={current.accountId}
                  problems={shown}
                  onChange={(changed) => setWidgets(values.widgets.map((w, i) => (i === index ? changed : w)))}
                  onMove={(by) => move(index, by)}
                  onRemove={() => setWidgets(values.widgets.filter((_, i) => i !== index))}
                />
              ))}
            </Stack>
            <HStack gap="2" flexWrap="wrap">
              {(['html', 'products', 'search'] as const).map((type) => (
                <Button key={type} size="sm" variant="outline" onClick={() => add(type)} disabled={values.widgets.length >= HOME_PAGE_LIMITS.maxWidgets}>
                  {t(`add.${type}`)}
                </Button>
              ))}
            </HStack>
          </Stack>
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={submitting}>
            {t('common:actions.save')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
