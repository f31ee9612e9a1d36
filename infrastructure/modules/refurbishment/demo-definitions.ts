/**
 * The demo workshop's definitions (issue 22): a dozen refurb step
 * definitions of Demo Retail with their cost in both its warehouses and the
 * stock they wait in, and diagnosis questions whose answers plan them (some
 * for phones, some for laptops, one for every product). Seed streams, so
 * their ids are known: `REFURB_DEMO_IDS`, which the diagnosis and steps
 * demos use.
 */
import { REFURBISHMENT_STREAMS } from '../../../application/refurbishment/streams.js';
import type { RefurbAnswer, RefurbDiagnosisQuestionCreated, RefurbStepDefined } from '../../../domain/refurbishment/events.js';
import { stepNameKey, type RefurbStepNameReserved } from '../../../domain/refurbishment/step-definition/decide.js';
import type { StepUsageEvent } from '../../../domain/refurbishment/step-definition/usage-guard.js';
import { normalizeStepName } from '../../../domain/refurbishment/step-definition/step-definition.js';
import { nativeStockId } from '../../../domain/warehouse/stocks/native-stocks.js';
import { seedId, type SeedStream } from '../../seed/seed-streams.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';
import { CATALOG_DEMO_IDS } from '../catalog/demo-data.js';

const ACCOUNT = ORGANIZATION_DEMO_IDS.accounts.demo;
const ROOT = ORGANIZATION_DEMO_IDS.organizations.demoRoot;
const PARIS = ORGANIZATION_DEMO_IDS.warehouses.demo;
const LYON = ORGANIZATION_DEMO_IDS.warehouses.demoLyon;
const MANAGER = ORGANIZATION_DEMO_IDS.users.warehouseManager;

const STEP_KEYS = ['screen', 'battery', 'cleaning', 'grading', 'backGlass', 'chargingPort', 'camera', 'speakers', 'dataWipe', 'keyboard', 'hinge', 'packaging'] as const;
type StepKey = (typeof STEP_KEYS)[number];
const QUESTION_KEYS = ['screen', 'battery', 'housing', 'ports', 'laptopKeyboard', 'laptopHinge', 'finish'] as const;
type QuestionKey = (typeof QUESTION_KEYS)[number];

const stepId = (key: StepKey) => seedId(`refurb-step:demo:${key}`);
const questionId = (key: QuestionKey) => seedId(`refurb-question:demo:${key}`);

export const REFURB_DEMO_IDS = {
  stepDefinitions: Object.fromEntries(STEP_KEYS.map((key) => [key, stepId(key)])) as Record<StepKey, string>,
  questions: Object.fromEntries(QUESTION_KEYS.map((key) => [key, questionId(key)])) as Record<QuestionKey, string>,
  /** The stock every demo step waits in: the Paris warehouse's native "to refurbish". */
  stockId: nativeStockId(PARIS, 'to_refurbish'),
} as const;

/** key, French name, description, English name, cost in Paris and in Lyon (cents). */
const STEPS: ReadonlyArray<readonly [StepKey, string, string | null, string, number, number]> = [
  ['screen', 'Remplacement de l’écran', 'Dalle et vitre neuves, calibrage du tactile.', 'Screen replacement', 6500, 5900],
  ['battery', 'Remplacement de la batterie', 'Batterie neuve, capacité contrôlée à 100 %.', 'Battery replacement', 2900, 2700],
  ['cleaning', 'Nettoyage', 'Coque, ports et grilles nettoyés.', 'Cleaning', 500, 450],
  ['grading', 'Contrôle et grade', 'Contrôle final et attribution du grade.', 'Grading', 800, 800],
  ['backGlass', 'Remplacement de la vitre arrière', null, 'Back glass replacement', 3500, 3200],
  ['chargingPort', 'Remplacement du connecteur de charge', null, 'Charging port replacement', 2200, 2000],
  ['camera', 'Remplacement de l’appareil photo', 'Module arrière principal.', 'Camera replacement', 4200, 3900],
  ['speakers', 'Remplacement des haut-parleurs', null, 'Speaker replacement', 1800, 1600],
  ['dataWipe', 'Effacement certifié des données', 'Effacement conforme, certificat joint.', 'Certified data wipe', 300, 300],
  ['keyboard', 'Remplacement du clavier', 'Clavier AZERTY complet.', 'Keyboard replacement', 7500, 6900],
  ['hinge', 'Remplacement de la charnière', null, 'Hinge replacement', 4500, 4200],
  ['packaging', 'Emballage', 'Boîte, câble et notice.', 'Packaging', 400, 350],
];

const eur = (amountInCents: number) => ({ amountInCents, currency: 'EUR' as const });

function stepStreams(): SeedStream[] {
  return STEPS.flatMap(([key, name, description, english, paris, lyon], index) => {
    const defined: RefurbStepDefined = {
      type: 'RefurbStepDefined',
      data: {
        stepDefinitionId: stepId(key),
        accountId: ACCOUNT,
        name,
        description,
        stockId: REFURB_DEMO_IDS.stockId,
        costs: [
          { warehouseId: PARIS, cost: eur(paris) },
          { warehouseId: LYON, cost: eur(lyon) },
        ],
        translations: { 'en-GB': { name: english } },
      },
    };
    const reserved: RefurbStepNameReserved = { type: 'RefurbStepNameReserved', data: { accountId: ACCOUNT, name: normalizeStepName(name), stepDefinitionId: stepId(key) } };
    const at = -60 * 24 * 30 + index;
    // Its usage guard, opened with it and knowing the demo questions that plan it (as the commands write it).
    const guard: StepUsageEvent[] = [
      { type: 'RefurbStepUsageOpened', data: { stepDefinitionId: stepId(key) } },
      ...QUESTIONS.filter(([, , , answers]) => answers.some((a) => a.stepDefinitionIds.includes(stepId(key)))).map(
        ([questionKey]): StepUsageEvent => ({ type: 'RefurbStepPlannedByQuestion', data: { stepDefinitionId: stepId(key), questionId: questionId(questionKey) } }),
      ),
    ];
    return [
      { streamName: REFURBISHMENT_STREAMS.stepDefinition.name(stepId(key)), accountId: ACCOUNT, organizationId: ROOT, userId: MANAGER, offsetMinutes: at, events: [defined] },
      { streamName: REFURBISHMENT_STREAMS.stepUsage.name(stepId(key)), accountId: ACCOUNT, organizationId: ROOT, userId: MANAGER, offsetMinutes: at, events: guard },
      { streamName: REFURBISHMENT_STREAMS.stepDefinitionName.name(stepNameKey(ACCOUNT, name)), accountId: ACCOUNT, organizationId: ROOT, userId: MANAGER, offsetMinutes: at, events: [reserved] },
    ];
  });
}

const answer = (questionKey: QuestionKey, key: string, label: string, steps: StepKey[]): RefurbAnswer => ({
  answerId: seedId(`refurb-answer:demo:${questionKey}:${key}`),
  label,
  stepDefinitionIds: steps.map(stepId),
});

const PHONES = [CATALOG_DEMO_IDS.categories.smartphones];
const LAPTOPS = [CATALOG_DEMO_IDS.categories.laptops];

/** key, label, type, answers, categories, English label. */
const QUESTIONS: ReadonlyArray<readonly [QuestionKey, string, 'unique' | 'multiple', RefurbAnswer[], string[], string]> = [
  ['screen', 'État de l’écran', 'unique', [answer('screen', 'intact', 'Intact', []), answer('screen', 'scratched', 'Rayé', ['screen']), answer('screen', 'cracked', 'Fissuré', ['screen', 'cleaning'])], PHONES, 'Screen condition'],
  ['battery', 'Santé de la batterie', 'unique', [answer('battery', 'good', '80 % ou plus', []), answer('battery', 'worn', 'Moins de 80 %', ['battery'])], [...PHONES, ...LAPTOPS], 'Battery health'],
  [
    'housing',
    'Défauts constatés sur la coque',
    'multiple',
    [answer('housing', 'backGlass', 'Vitre arrière cassée', ['backGlass']), answer('housing', 'camera', 'Appareil photo défaillant', ['camera']), answer('housing', 'none', 'Aucun défaut', [])],
    PHONES,
    'Housing defects',
  ],
  ['ports', 'Connectique et son', 'multiple', [answer('ports', 'charging', 'Charge intermittente', ['chargingPort']), answer('ports', 'speakers', 'Son grésillant', ['speakers']), answer('ports', 'ok', 'Tout fonctionne', [])], PHONES, 'Ports and sound'],
  ['laptopKeyboard', 'État du clavier', 'unique', [answer('laptopKeyboard', 'ok', 'Toutes les touches répondent', []), answer('laptopKeyboard', 'broken', 'Touches manquantes ou inactives', ['keyboard'])], LAPTOPS, 'Keyboard condition'],
  ['laptopHinge', 'Tenue de l’écran', 'unique', [answer('laptopHinge', 'firm', 'Ferme', []), answer('laptopHinge', 'loose', 'Charnière lâche', ['hinge'])], LAPTOPS, 'Screen hinge'],
  [
    'finish',
    'Finitions avant remise en vente',
    'multiple',
    [answer('finish', 'wipe', 'Effacement certifié', ['dataWipe']), answer('finish', 'clean', 'Nettoyage et grade', ['cleaning', 'grading']), answer('finish', 'pack', 'Emballage', ['packaging'])],
    [],
    'Finishing before resale',
  ],
];

function questionStreams(): SeedStream[] {
  return QUESTIONS.map(([key, label, questionType, answers, categoryIds, english], index) => {
    const created: RefurbDiagnosisQuestionCreated = {
      type: 'RefurbDiagnosisQuestionCreated',
      data: { questionId: questionId(key), accountId: ACCOUNT, label, questionType, answers, categoryIds, productIds: [], position: index + 1, translations: { 'en-GB': { label: english } } },
    };
    return { streamName: REFURBISHMENT_STREAMS.diagnosisQuestion.name(questionId(key)), accountId: ACCOUNT, organizationId: ROOT, userId: MANAGER, offsetMinutes: -60 * 24 * 29 + index, events: [created] };
  });
}

/** Demo Retail's step definitions (with their names' reservations) and diagnosis questions. */
export function refurbDefinitionsDemoData(): SeedStream[] {
  return [...stepStreams(), ...questionStreams()];
}
