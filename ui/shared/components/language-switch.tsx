import { NativeSelect } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, rememberLanguage } from '../i18n';

/** The language switch of both apps: fr-FR (default), en-GB, nl-BE, de-DE; the choice is remembered on this browser. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        id={id}
        aria-label={t('language.label')}
        value={i18n.language}
        onChange={(event) => {
          const language = event.currentTarget.value;
          if (!isLanguage(language)) return;
          rememberLanguage(language);
          void i18n.changeLanguage(language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
