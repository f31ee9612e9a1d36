import { translate, type Translations } from '../../domain/shared/translations.js';
import type { CategoryDocument, CircuitDocument, PaymentModeDocument, QuestionDocument, ShippingMethodDocument } from './read-models.js';

/**
 * The catalogue's texts in the caller's language: a retailer writes each in
 * French (the document's field) and, optionally, in en-GB, nl-BE and de-DE
 * (its `translations`, keyed by the field's path); every read the buyback
 * path makes answers in the request's language, falling back to French.
 * Documents written before their aggregate carried translations have none.
 */
function translationsOf(document: object): Translations | null {
  return (document as { translations?: Translations | null }).translations ?? null;
}

/** A text of a catalogue document in `locale`. */
export function textOf(document: object, french: string, path: string, locale: string | null | undefined): string;
export function textOf(document: object, french: string | null, path: string, locale: string | null | undefined): string | null;
export function textOf(document: object, french: string | null, path: string, locale: string | null | undefined): string | null {
  return translate(french, translationsOf(document), path, locale);
}

export function localizedCategory<C extends CategoryDocument>(category: C, locale: string): C {
  return { ...category, label: textOf(category, category.label, 'label', locale), description: textOf(category, category.description, 'description', locale) };
}

export function localizedQuestion<Q extends QuestionDocument>(question: Q, locale: string): Q {
  return {
    ...question,
    title: textOf(question, question.title, 'title', locale),
    howToTest: textOf(question, question.howToTest, 'howToTest', locale),
    description: textOf(question, question.description, 'description', locale),
    answers: question.answers.map((answer) => ({
      ...answer,
      title: textOf(question, answer.title, `answers.${answer.id}.title`, locale),
      description: textOf(question, answer.description, `answers.${answer.id}.description`, locale),
    })),
  };
}

/** A circuit's name, description and instructions' own words. */
export function localizedCircuit<C extends Pick<CircuitDocument, 'name' | 'description'> & { instructions?: CircuitDocument['instructions'] }>(
  circuit: C,
  locale: string,
): C {
  return {
    ...circuit,
    name: textOf(circuit, circuit.name, 'name', locale),
    description: textOf(circuit, circuit.description, 'description', locale),
    ...(circuit.instructions
      ? {
          instructions: circuit.instructions.map((step) => ({
            ...step,
            label: textOf(circuit, step.label, `instructions.${step.sequence}.label`, locale),
          })),
        }
      : {}),
  };
}

export function localizedShippingMethod<S extends ShippingMethodDocument>(method: S, locale: string): S {
  return { ...method, label: textOf(method, method.label, 'label', locale), description: textOf(method, method.description, 'description', locale) };
}

export function localizedPaymentMode<P extends PaymentModeDocument>(mode: P, locale: string): P {
  return {
    ...mode,
    label: textOf(mode, mode.label, 'label', locale),
    description: textOf(mode, mode.description, 'description', locale),
    longDescription: textOf(mode, mode.longDescription, 'longDescription', locale),
    mailContent: textOf(mode, mode.mailContent, 'mailContent', locale),
  };
}
