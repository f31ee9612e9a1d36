import { NativeSelect } from '@chakra-ui/react';
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, rememberLanguage } from '../i18n';

/** The language switch of both apps: fr-FR (default), en-GB, nl-BE, de-DE; the choice is remembered on this browser. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const field = useRef<HTMLSelectElement>(null);
  const choose = (language: string) => {
    if (!isLanguage(language)) return;
    rememberLanguage(language);
    void i18n.changeLanguage(language);
  };
  // A server-rendered page shows the switch before it is hydrated: a language picked meanwhile applies once it is.
  useLayoutEffect(() => {
    const picked = field.current?.value;
    if (picked && picked !== i18n.language) choose(picked);
    // Once, at hydration: later changes come through onChange.
  }, []);
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        ref={field}
        id={id}
        aria-label={t('language.label')}
        value={i18n.language}
        onChange={(event) => choose(event.currentTarget.value)}
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
