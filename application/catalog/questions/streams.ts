import { streamCategory } from '../../events/streams.js';

/** The questions' own stream besides each question's (`diagnostic_question`): the order of a category's questions, one stream per category. */
export const QUESTION_STREAMS = {
  order: streamCategory('diagnostic_question_order'),
} as const;
