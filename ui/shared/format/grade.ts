import { useTranslation } from 'react-i18next';

/**
 * A product state (functional, grade_a … grade_e) as both apps name it, in
 * one wording for customers and staff alike ("Très bon état (A)"): the texts
 * are the "format" namespace's (ui/shared/format/locales).
 */
export function useGradeLabel(): (grade: string | null | undefined) => string {
  const { t } = useTranslation('format');
  return (grade) => (grade ? t(`grades.${grade}`, { defaultValue: grade }) : '—');
}
