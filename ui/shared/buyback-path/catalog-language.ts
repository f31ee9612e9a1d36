import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { categoryKeys, estimateKeys, instructionKeys, productKeys } from '../api/query-keys';

/**
 * The catalogue's texts (categories, questions and answers, circuits,
 * shipping methods, payment modes, an estimate's impacts) come from the API
 * in the language the request names (Accept-Language): when the visitor or
 * the seller picks another language, what was read in the previous one is
 * dropped and read again, rather than shown in the old language.
 */
export function refreshCatalogTextsOnLanguageChange(i18n: I18n, queryClient: QueryClient): void {
  i18n.on('languageChanged', () => {
    for (const queryKey of [productKeys.all, categoryKeys.all, estimateKeys.all, instructionKeys.all]) void queryClient.resetQueries({ queryKey });
  });
}
