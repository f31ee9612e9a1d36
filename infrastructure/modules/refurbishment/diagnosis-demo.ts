import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import { answerDiagnosis, finalizeDiagnosis, startDiagnosis } from '../../../application/refurbishment/diagnosis/diagnosis-commands.js';
import { diagnosisDetail } from '../../../application/refurbishment/diagnosis/diagnosis-queries.js';
import type { DiagnosisPorts } from '../../../application/refurbishment/diagnosis/diagnosis-lookup.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument } from '../../../application/warehouse/read-models.js';
import { nativeStockId } from '../../../domain/warehouse/stocks/native-stocks.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';
import type { DemoActivityContext } from '../../seed/demo-activity.js';

const OPERATOR = 'warehouse@demo.test';
/** At most how many of the warehouse's completed devices are diagnosed (the oldest left open, answered in part; the others finalized; the newest left undiagnosed). */
const DIAGNOSED = 8;

/**
 * The diagnosis's share of the demo (after the definitions'): Demo Retail's
 * devices checked as declared at its Paris warehouse are diagnosed by its
 * operator, each answering differently; the oldest is left open with part
 * of its answers (to finish later), the others finalized into the
 * to-refurbish stock, so their steps are planned for the steps' demo.
 */
export async function diagnosisDemoActivity(context: DemoActivityContext): Promise<void> {
  const { container, clock, settle } = context;
  const child = container.createChildContainer();
  child.register(TOKENS.Clock, { useValue: clock });
  const ports: DiagnosisPorts = {
    eventStore: child.resolve<EventStore>(TOKENS.EventStore),
    documents: child.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: child.resolve<Clock>(TOKENS.Clock),
    ids: child.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
  const operator = await context.actAs(OPERATOR, 'rps');
  const warehouseId = ORGANIZATION_DEMO_IDS.warehouses.demo;
  const completed = (
    await ports.documents
      .collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items)
      .find({ accountId: ORGANIZATION_DEMO_IDS.accounts.demo, warehouseId, status: 'item_completed' }, { limit: 100 })
  )
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
    // The newest stays completed, not diagnosed: the screens show that status too.
    .slice(0, -1)
    .slice(0, DIAGNOSED);

  for (const [index, item] of completed.entries()) {
    clock.at(-3 + Math.floor(index / 3), 9 + (index % 3), 15);
    let started;
    try {
      started = await startDiagnosis.run(ports, operator, { code: item.identificationNumber });
    } catch {
      continue; // A product no question applies to: nothing to diagnose.
    }
    await settle(started.position);
    const view = await diagnosisDetail(ports, operator.principal, started.id, 'fr-FR');
    // Each device its own answers: a different answer per question and device, the multiple questions one or two.
    const answers = view.questions.map((question, q) => {
      const pick = (index + q) % question.answers.length;
      const ids = [question.answers[pick]!.id];
      if (question.type === 'multiple' && question.answers.length > 2 && (index + q) % 2 === 0) ids.push(question.answers[(pick + 1) % question.answers.length]!.id);
      return { questionId: question.id, answerIds: ids };
    });
    const open = index === 0;
    clock.at(-3 + Math.floor(index / 3), 9 + (index % 3), 40);
    const answered = await answerDiagnosis.run(ports, operator, { diagnosisId: started.id, answers: open ? answers.slice(0, Math.ceil(answers.length / 2)) : answers });
    await settle(answered.position);
    if (open) continue;
    clock.at(-3 + Math.floor(index / 3), 9 + (index % 3), 55);
    const finalized = await finalizeDiagnosis.run(ports, operator, { diagnosisId: started.id, stockId: nativeStockId(warehouseId, 'to_refurbish') });
    await settle(finalized.position);
  }
}
