import { Badge, Box, Button, Field, HStack, Menu, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkTransferOrderText, TRANSFER_ORDER_TEXT_MAX, type TransferOrderVariable } from '@server/domain/payments/transfer-order';
import { DomainError } from '@server/domain/shared/domain-error';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { toaster } from '../../../components/toaster';
import { useSaveTransferOrderText, type TransferOrderSettings } from '../api/transfer-order-settings';
import { insertAt } from '../insert-variable';

type Locale = keyof TransferOrderSettings['defaultTexts'];
const LOCALES: Locale[] = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'];

/**
 * The transfer order's text: the retailer's own, variables inserted at the
 * cursor from the dropdown (the only way in: any other `{{…}}` is refused,
 * here before sending and by the API), checked as the API checks it; the
 * refusal at the field. Without the premium feature, the default texts are
 * shown read-only with the premium badge.
 */
export function TransferOrderForm({ settings }: { settings: TransferOrderSettings }) {
  const { t, i18n } = useTranslation(['transfer-order-settings', 'api']);
  const errorText = useApiErrorText();
  const save = useSaveTransferOrderText();
  const area = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState(settings.customText ?? settings.defaultTexts[(i18n.language as Locale) in settings.defaultTexts ? (i18n.language as Locale) : 'fr-FR']);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewLocale, setPreviewLocale] = useState<Locale>(LOCALES.includes(i18n.language as Locale) ? (i18n.language as Locale) : 'fr-FR');
  const editable = settings.customAllowed;

  function insertVariable(variable: TransferOrderVariable) {
    const element = area.current;
    const start = element?.selectionStart ?? draft.length;
    const end = element?.selectionEnd ?? draft.length;
    const next = insertAt(draft, start, end, `{{${variable}}}`);
    setDraft(next.text);
    setProblem(null);
    // Back to the text, the caret after the variable.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  }

  function submit(text: string | null) {
    if (text !== null) {
      try {
        checkTransferOrderText(text);
      } catch (error) {
        if (error instanceof DomainError) {
          setProblem(t(`api:errors.${error.code}`, error.details));
          return;
        }
        throw error;
      }
    }
    setProblem(null);
    save.mutate(text, {
      onSuccess: () => {
        if (text === null) setDraft(settings.defaultTexts[previewLocale]);
        toaster.create({ type: 'success', title: t(text === null ? 'notifications.reset' : 'notifications.saved') });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.isServerError) return;
        setProblem(errorText(error));
      },
    });
  }

  return (
    <Stack gap={5} maxW="4xl">
      {!editable && (
        <HStack gap={2} data-testid="transfer-order-premium">
          <Badge colorPalette="purple" variant="solid" size="sm" data-testid="premium-badge">
            {t('premium.badge')}
          </Badge>
          <Text color="fg.muted">{t('premium.text')}</Text>
        </HStack>
      )}
      {editable ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit(draft);
          }}
        >
          <Stack gap={3}>
            <Field.Root invalid={!!problem} required>
              <HStack justify="space-between" w="full" align="end">
                <Field.Label>
                  {t('fields.text')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Menu.Root onSelect={({ value }) => insertVariable(value as TransferOrderVariable)}>
                  <Menu.Trigger asChild>
                    <Button size="sm" variant="outline" data-testid="insert-variable">
                      {t('actions.insertVariable')}
                    </Button>
                  </Menu.Trigger>
                  <Portal>
                    <Menu.Positioner>
                      <Menu.Content maxH="80" overflowY="auto">
                        {(settings.variables as TransferOrderVariable[]).map((variable) => (
                          <Menu.Item key={variable} value={variable} data-testid={`variable-${variable}`}>
                            {t(`variables.${variable}`)}
                          </Menu.Item>
                        ))}
                      </Menu.Content>
                    </Menu.Positioner>
                  </Portal>
                </Menu.Root>
              </HStack>
              <Textarea
                ref={area}
                value={draft}
                rows={14}
                maxLength={TRANSFER_ORDER_TEXT_MAX * 2}
                onChange={(event) => {
                  setDraft(event.target.value);
                  setProblem(null);
                }}
                data-testid="transfer-order-text"
              />
              <Field.HelperText>{t('fields.textHelp', { count: Array.from(draft.trim()).length, max: TRANSFER_ORDER_TEXT_MAX })}</Field.HelperText>
              {problem && <Field.ErrorText data-testid="transfer-order-error">{problem}</Field.ErrorText>}
            </Field.Root>
            <HStack gap={3}>
              <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="transfer-order-save">
                {t('actions.save')}
              </Button>
              {settings.customText !== null && (
                <Button variant="outline" disabled={save.isPending} onClick={() => submit(null)}>
                  {t('actions.reset')}
                </Button>
              )}
            </HStack>
          </Stack>
        </form>
      ) : (
        settings.customText !== null && (
          // The text kept from when the account had the feature is not printed; it may still be cleared.
          <Button variant="outline" alignSelf="start" loading={save.isPending} onClick={() => submit(null)}>
            {t('actions.reset')}
          </Button>
        )
      )}
      <Box borderWidth="1px" borderRadius="l2" p={4}>
        <HStack justify="space-between" mb={2} flexWrap="wrap" gap={2}>
          <Text fontWeight="semibold">{t('default.title')}</Text>
          <NativeSelect.Root size="sm" w="auto">
            <NativeSelect.Field aria-label={t('default.language')} value={previewLocale} onChange={(event) => setPreviewLocale(event.target.value as Locale)}>
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {t(`common:language.${locale}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <Text whiteSpace="pre-wrap" color="fg.muted" data-testid="transfer-order-default">
          {settings.defaultTexts[previewLocale]}
        </Text>
        <Text mt={2} fontSize="sm">
          {t(settings.customText !== null && editable ? 'default.customInUse' : 'default.inUse')}
        </Text>
      </Box>
    </Stack>
  );
}
