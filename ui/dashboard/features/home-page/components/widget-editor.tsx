import { Box, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../clients/components/form-controls';
import { BannerUpload } from './banner-upload';

/** A widget as the form edits it: its products as typed (ids on lines or separated by commas), a key that follows it when it moves. */
export type EditedWidget =
  | { key: number; type: 'html'; html: string }
  | { key: number; type: 'products'; productIds: string }
  | { key: number; type: 'search'; title: string; bannerImageUrl: string };

interface Props {
  widget: EditedWidget;
  index: number;
  count: number;
  /** The account whose settings file a banner upload becomes. */
  accountId: string;
  problems: Record<string, string>;
  onChange(widget: EditedWidget): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/** One widget of the list: its fields by type, and the buttons that move it up or down and remove it. */
export function WidgetEditor({ widget, index, count, accountId, problems, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation('home-page');
  const at = `widgets.${index}`;
  const n = index + 1;
  const problemsAt = (field: string) => Object.entries(problems).find(([path]) => path === `${at}.${field}` || path.startsWith(`${at}.${field}.`))?.[1];
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" data-testid={`widget-${index}`}>
      <Stack gap="3">
        <HStack justify="space-between">
          <Text fontWeight="semibold">{t('widget.title', { n, type: t(`types.${widget.type}`) })}</Text>
          <HStack gap="1">
            <IconButton aria-label={t('widget.up', { n })} size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(-1)}>
              ↑
            </IconButton>
            <IconButton aria-label={t('widget.down', { n })} size="sm" variant="ghost" disabled={index === count - 1} onClick={() => onMove(1)}>
              ↓
            </IconButton>
            <IconButton aria-label={t('widget.remove', { n })} size="sm" variant="ghost" colorPalette="red" onClick={onRemove}>
              ×
            </IconButton>
          </HStack>
        </HStack>
        {widget.type === 'html' && (
          <TextField name={`${at}.html`} label={t('fields.html', { n })} value={widget.html} multiline error={problemsAt('html')} help={t('help.html')} onChange={(html) => onChange({ ...widget, html })} />
        )}
        {widget.type === 'products' && (
          <TextField
            name={`${at}.productIds`}
            label={t('fields.productIds', { n })}
            value={widget.productIds}
            multiline
            error={problemsAt('productIds')}
            help={t('help.productIds')}
            onChange={(productIds) => onChange({ ...widget, productIds })}
          />
        )}
        {widget.type === 'search' && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField name={`${at}.title`} label={t('fields.searchTitle', { n })} value={widget.title} error={problemsAt('title')} help={t('help.searchTitle')} onChange={(title) => onChange({ ...widget, title })} />
            <TextField
              name={`${at}.bannerImageUrl`}
              label={t('fields.bannerImageUrl', { n })}
              value={widget.bannerImageUrl}
              error={problemsAt('bannerImageUrl')}
              help={t('help.bannerImageUrl')}
              onChange={(bannerImageUrl) => onChange({ ...widget, bannerImageUrl })}
            />
            <BannerUpload name={`${at}.bannerUpload`} n={n} accountId={accountId} url={widget.bannerImageUrl} onUploaded={(bannerImageUrl) => onChange({ ...widget, bannerImageUrl })} />
          </SimpleGrid>
        )}
      </Stack>
    </Box>
  );
}
