import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import { QUESTION_STREAMS } from '../../../application/catalog/questions/streams.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS, type PermissionTable } from '../../../application/organizations/permissions.js';
import { questionsRoutes } from '../../http/routes/catalog/questions-routes.js';

/**
 * The diagnostic questions' part of the catalogue manifest (issue 21,
 * "Diagnostic questions"): their permissions, refusals, menu entry, routes and
 * the categories' order streams. The questions' own stream and read model stay
 * the catalogue's (`diagnostic_question`, `diagnostic_questions`), which the
 * buyback path reads.
 */
export const questionStreams = Object.values(QUESTION_STREAMS);

export const questionPermissions: PermissionTable = {
  'question.list': { description: 'See the diagnostic questions of each category, those it inherits, and a question’s history', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
  'question.manage': { description: 'Create, change, order and delete the diagnostic questions and their answers', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
};

export const questionErrors = {
  QUESTION_NOT_FOUND: 404,
  QUESTION_ALREADY_EXISTS: 409,
  QUESTION_INVALID: 422,
  QUESTION_LIMIT_REACHED: 422,
  QUESTION_ORDER_INVALID: 422,
  DIAGNOSTIC_ANSWERS_EXCLUSIVE: 422,
  // The field-level codes of QUESTION_INVALID's details (each with its message).
  QUESTION_TYPE_INVALID: 422,
  QUESTION_ANSWERS_COUNT: 422,
  QUESTION_ANSWER_DUPLICATE: 422,
  QUESTION_IMPACT_FIXED_INVALID: 422,
  QUESTION_IMPACT_PERCENT_INVALID: 422,
  QUESTION_GRADE_CAP_INVALID: 422,
  QUESTION_EXCLUSIVE_NEEDS_MULTIPLE: 422,
} as const;

export const questionMenu: MenuEntry[] = [{ section: 'catalog', key: 'diagnostic', path: '/diagnostic', permission: 'question.list' }];

export function questionRoutesOf(container: DependencyContainer) {
  return questionsRoutes({
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  });
}
