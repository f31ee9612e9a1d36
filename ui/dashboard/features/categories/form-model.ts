import { translatedTexts, translationsOf, type TranslatedTexts } from '../../components/translated-texts';
import type { AbsorptionType, Category, CategoryBody } from './types';
import { TRANSLATED_FIELDS } from './types';

/** The form's values, as typed (numbers as text). */
export interface CategoryFormValues {
  parentId: string;
  label: string;
  identifier: string;
  description: string;
  childrenDescription: string;
  highlightedInstruction: string;
  imageUrl: string;
  imageAlt: string;
  defaultWeightGrams: string;
  defaultHeightCm: string;
  defaultLengthCm: string;
  defaultWidthCm: string;
  absorptionType: AbsorptionType;
  absorptionValue: string;
  absorptionCap: string;
  buyerId: string;
  referentWarehouseIds: string[];
  /** Per language, per field, the text (blank: French). */
  translations: TranslatedTexts;
}

export const NEW_CATEGORY = (parentId = ''): CategoryFormValues => ({
  parentId,
  label: '',
  identifier: '',
  description: '',
  childrenDescription: '',
  highlightedInstruction: '',
  imageUrl: '',
  imageAlt: '',
  defaultWeightGrams: '',
  defaultHeightCm: '',
  defaultLengthCm: '',
  defaultWidthCm: '',
  absorptionType: 'none',
  absorptionValue: '0',
  absorptionCap: '',
  buyerId: '',
  referentWarehouseIds: [],
  translations: translatedTexts(null, TRANSLATED_FIELDS),
});

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function valuesOf(category: Category): CategoryFormValues {
  return {
    parentId: category.parentId ?? '',
    label: category.label,
    identifier: category.identifier,
    description: text(category.description),
    childrenDescription: text(category.childrenDescription),
    highlightedInstruction: text(category.highlightedInstruction),
    imageUrl: category.image?.url ?? '',
    imageAlt: text(category.image?.alt),
    defaultWeightGrams: numberText(category.defaultWeightGrams),
    defaultHeightCm: numberText(category.defaultHeightCm),
    defaultLengthCm: numberText(category.defaultLengthCm),
    defaultWidthCm: numberText(category.defaultWidthCm),
    absorptionType: category.absorption.type,
    absorptionValue: String(category.absorption.value),
    absorptionCap: numberText(category.absorption.maxAbsorbedAmountInCents),
    buyerId: category.buyerId,
    referentWarehouseIds: category.referentWarehouseIds,
    translations: translatedTexts(category.translations, TRANSLATED_FIELDS),
  };
}

/** A number as typed ("12,5" too), null when empty; the API says whether it must be whole. */
const numberOf = (value: string): number | null => {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
};
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The body the API checks (its rules are the only ones: each refusal comes back at its field). */
export function bodyOf(values: CategoryFormValues): CategoryBody {
  return {
    parentId: values.parentId || null,
    label: values.label,
    identifier: values.identifier.trim(),
    description: orNull(values.description),
    childrenDescription: orNull(values.childrenDescription),
    highlightedInstruction: orNull(values.highlightedInstruction),
    image: values.imageUrl ? { url: values.imageUrl, alt: orNull(values.imageAlt) } : null,
    defaultWeightGrams: numberOf(values.defaultWeightGrams),
    defaultHeightCm: numberOf(values.defaultHeightCm),
    defaultLengthCm: numberOf(values.defaultLengthCm),
    defaultWidthCm: numberOf(values.defaultWidthCm),
    absorption: { type: values.absorptionType, value: numberOf(values.absorptionValue) ?? 0, maxAbsorbedAmountInCents: numberOf(values.absorptionCap) },
    buyerId: values.buyerId,
    referentWarehouseIds: values.referentWarehouseIds,
    translations: translationsOf(values.translations),
  };
}

/** The form field an API problem names (`absorption.value` → absorptionValue; `translations.en-GB.label` stays). */
export function formFieldOf(path: string): string | null {
  const map: Record<string, string> = { 'absorption.value': 'absorptionValue', 'absorption.type': 'absorptionType', 'absorption.maxAbsorbedAmountInCents': 'absorptionCap', 'image.alt': 'imageAlt', 'image.url': 'imageUrl' };
  return map[path] ?? path;
}
