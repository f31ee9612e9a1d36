import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The API's texts (namespace "api": its error messages, the same words as
 * its answers) without suspending. The storefront's first load leaves them
 * out (storefront/app/locale-bundles/fr-FR.ts): a screen of the first load
 * shows one only after the visitor did something (a check's message), and
 * loads them then. True once they are there: at once in the dashboard,
 * which starts with every namespace, and in the server rendering. An API's
 * answer needs none of this: its message comes in the visitor's language.
 */
export function useApiTexts(needed = true): boolean {
  const { i18n } = useTranslation();
  const [loaded, setLoaded] = useState(() => i18n.hasLoadedNamespace('api'));
  useEffect(() => {
    if (loaded || !needed) return;
    let live = true;
    void i18n.loadNamespaces('api').then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [i18n, loaded, needed]);
  return loaded;
}

/**
 * A message to show (an i18n key with its namespace, and its values: a
 * FieldMessage), once its texts are there. Mounted only when there is one to
 * show, so that its texts load then.
 */
export function MessageText({ message }: { message: { key: string; values: Record<string, unknown> } }) {
  const { t } = useTranslation();
  const ready = useApiTexts(message.key.startsWith('api:'));
  return ready || !message.key.startsWith('api:') ? <>{t(message.key, message.values)}</> : null;
}
