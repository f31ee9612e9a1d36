import { useTranslation } from 'react-i18next';

/**
 * A message to show (an i18n key with its namespace, and its values: a
 * FieldMessage, whose texts are the API's, namespace "api"), once its texts
 * are there. The storefront's first load leaves the API's texts out
 * (storefront/app/locale-bundles/fr-FR.ts), and so do the dashboard's public
 * pages: a screen of a first load shows such a message only after the user
 * did something (a check in the browser), and this component, mounted only
 * then, loads them without suspending (react-i18next's useSuspense: false)
 * and shows the message once they are loaded. An API's answer needs none of this: its
 * message comes in the user's language.
 */
export function MessageText({ message }: { message: { key: string; values: Record<string, unknown> } }) {
  const { t, ready } = useTranslation(message.key.split(':')[0], { useSuspense: false });
  return ready ? <>{t(message.key, message.values)}</> : null;
}
