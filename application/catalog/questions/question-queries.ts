/**
 * The diagnostic questions' reads: a category's own questions and those it
 * inherits (from its ancestors, root first), one question, and its history
 * read from its stream. Always within the caller's tenant.
 */
import { toDomainEvent } from '../../events/codec.js';
import { userNames } from '../../organizations/user-names.js';
import type { Principal } from '../../organizations/principal.js';
import type { DiagnosticQuestionCreated } from '../../../domain/catalog/events.js';
import type { DiagnosticQuestionChanged, DiagnosticQuestionDeleted } from '../../../domain/catalog/question/question-events.js';
import type { QuestionDocument } from '../read-models.js';
import { CATALOG_STREAMS } from '../streams.js';
import { ancestorsOf, MAX_QUESTIONS_PER_CATEGORY, ownQuestions, questionsOf, visibleCategory, visibleQuestion, type QuestionPorts } from './question-lookup.js';
import { QUESTION_HISTORY_TYPES, type CategoryQuestionsView, type QuestionDetailView, type QuestionHistory, type QuestionHistoryEntry } from './question-views.js';

export function presentQuestion(question: QuestionDocument): QuestionDetailView {
  return {
    id: question._id,
    accountId: question.accountId,
    categoryId: question.categoryId,
    position: question.position,
    title: question.title,
    howToTest: question.howToTest,
    description: question.description,
    type: question.type,
    answers: question.answers.map((a) => ({ ...a, exclusive: a.exclusive === true })),
    translations: question.translations ?? null,
    createdAt: question.createdAt,
    updatedAt: question.updatedAt,
    revision: question.revision,
  };
}

export async function categoryQuestions(ports: Pick<QuestionPorts, 'documents'>, principal: Principal, categoryId: string): Promise<CategoryQuestionsView> {
  const category = await visibleCategory(ports.documents, principal, categoryId);
  const ancestors = await ancestorsOf(ports.documents, category);
  const [own, inheritedAll] = await Promise.all([
    ownQuestions(ports.documents, category),
    ancestors.length === 0
      ? Promise.resolve([])
      : questionsOf(ports.documents).find(
          { accountId: category.accountId, categoryId: { $in: ancestors.map((c) => c._id) } },
          { sort: [['position', 1], ['createdAt', 1]], limit: MAX_QUESTIONS_PER_CATEGORY * ancestors.length },
        ),
  ]);
  const ref = (c: { _id: string; label: string }) => ({ id: c._id, label: c.label });
  return {
    category: ref(category),
    ancestry: [...ancestors, category].map(ref),
    own: own.slice(0, MAX_QUESTIONS_PER_CATEGORY).map(presentQuestion),
    inherited: ancestors
      .map((ancestor) => ({ category: ref(ancestor), questions: inheritedAll.filter((q) => q.categoryId === ancestor._id).map(presentQuestion) }))
      .filter((group) => group.questions.length > 0),
  };
}

export async function questionDetail(ports: Pick<QuestionPorts, 'documents'>, principal: Principal, questionId: string): Promise<QuestionDetailView> {
  return presentQuestion(await visibleQuestion(ports.documents, principal, questionId));
}

type HistoryEvent = DiagnosticQuestionCreated | DiagnosticQuestionChanged | DiagnosticQuestionDeleted;

/** Each event of the question's stream: what, when, who (named), and every value it changed (from, to), oldest first. */
export async function questionHistory(ports: Pick<QuestionPorts, 'documents' | 'eventStore'>, principal: Principal, questionId: string): Promise<QuestionHistory> {
  await visibleQuestion(ports.documents, principal, questionId);
  const stored = await ports.eventStore.readStream(CATALOG_STREAMS.diagnosticQuestion.name(questionId));
  const names = await userNames(ports.documents, stored.map((s) => s.metadata.userId));
  let state: Record<string, unknown> = {};
  const items: QuestionHistoryEntry[] = [];
  for (const entry of stored) {
    const event = toDomainEvent<HistoryEvent>(entry);
    if (!(QUESTION_HISTORY_TYPES as readonly string[]).includes(event.type)) continue;
    let after: Record<string, unknown>;
    let changed: string[];
    if (event.type === 'DiagnosticQuestionCreated') {
      const { questionId: _id, categoryId: _category, position: _position, ...fields } = event.data;
      after = { ...fields };
      changed = Object.keys(fields).filter((key) => after[key] !== null);
    } else if (event.type === 'DiagnosticQuestionChanged') {
      after = { ...state, ...event.data.changes };
      changed = Object.keys(event.data.changes);
    } else {
      after = {};
      changed = [];
    }
    const changes: QuestionHistoryEntry['changes'] = {};
    for (const key of changed) changes[key] = { from: state[key] ?? null, to: after[key] ?? null };
    const userId = entry.metadata.userId;
    items.push({
      eventId: entry.id,
      revision: entry.streamRevision,
      type: event.type,
      at: entry.metadata.occurredAt,
      user: userId ? { id: userId, name: names.get(userId) ?? userId } : null,
      changes,
    });
    state = after;
  }
  return { items };
}
