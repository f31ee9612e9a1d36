import type { TFunction } from 'i18next';
import { ApiError } from '../../../../shared/api/client';

/**
 * The message of an API refusal in the interface language, its details
 * filled in (the minutes of a lock); a lock also says at what time to try
 * again. Null when there is no error. On the public pages the API's texts
 * are not loaded (app/locale-bundles/fr-FR.ts): the answer's own message,
 * written by the API in the same language, is the text then.
 */
export function apiErrorMessage(t: TFunction, error: unknown, language: string): string | null {
  if (!error) return null;
  if (!(error instanceof ApiError) || (error.isServerError && error.status !== 502)) return t('auth:errors.unexpected');
  const details = error.details ?? {};
  if (error.code === 'AUTH_LOGIN_LOCKED' || error.code === 'RATE_LIMITED') {
    const seconds = Number(details.retryAfterSeconds ?? 60);
    const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(Date.now() + seconds * 1000));
    return t('auth:errors.locked', { time, minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  return t(`api:errors.${error.code}`, { ...details, defaultValue: error.message || t('auth:errors.unexpected') });
}
