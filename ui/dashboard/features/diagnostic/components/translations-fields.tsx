import { useTranslation } from 'react-i18next';
import { TranslationsSection } from '../../../components/translations-section';
import type { QuestionFormValues, TranslatedLocale } from '../form-model';

interface Props {
  values: QuestionFormValues;
  onChange(locale: TranslatedLocale, path: string, text: string): void;
  problem(field: string): string | undefined;
  readOnly: boolean;
}

/** The question's Translations section (the shared one): its title, how to test, description and each answer's name; optional, French shown when blank. */
export function TranslationsFields({ values, onChange, problem, readOnly }: Props) {
  const { t } = useTranslation('diagnostic');
  const rows = [
    { path: 'title', label: t('fields.title'), french: values.title },
    { path: 'howToTest', label: t('fields.howToTest'), french: values.howToTest },
    { path: 'description', label: t('fields.description'), french: values.description },
    ...values.answers.map((answer, index) => ({ path: `answers.${answer.id}.title`, label: t('form.answerTitle', { number: index + 1 }), french: answer.title })),
  ];
  return <TranslationsSection rows={rows} values={values.translations} onChange={onChange} problem={problem} help={t('form.translationsHelp')} readOnly={readOnly} />;
}
