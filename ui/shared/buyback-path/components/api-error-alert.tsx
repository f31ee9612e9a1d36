import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';

/**
 * The API's refusal in the user's language: its code's text (namespace "api") when the texts are loaded, else the
 * answer's own message, which the API wrote in the same language (the storefront loads the API's texts only with the
 * pages that need them, shared/components/api-text.tsx); or the generic texts.
 */
export function useApiErrorText() {
  const { t } = useTranslation(['buyback-path', 'common']);
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.status === 0) return t('common:errors.network');
      return t(`api:errors.${error.code}`, { ...(error.details ?? {}), defaultValue: error.message || t('common:errors.generic') });
    }
    return t('common:errors.generic');
  };
}

export function ApiErrorAlert({ error, onRetry, hint }: { error: unknown; onRetry?: () => void; hint?: string }) {
  const { t } = useTranslation('common');
  const text = useApiErrorText();
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{text(error)}</Alert.Description>
        {hint && <Alert.Description>{hint}</Alert.Description>}
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}
