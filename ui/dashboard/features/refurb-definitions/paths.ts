/** The workshop's definition screens (specification 001: /refurb-steps, /refurb-step/create, /refurb-step/{id}/edit, /refurb-diagnosis-questions…). */
export const refurbPaths = {
  steps: '/refurb-steps',
  createStep: '/refurb-step/create',
  editStep: (id: string) => `/refurb-step/${encodeURIComponent(id)}/edit`,
  questions: '/refurb-diagnosis-questions',
  createQuestion: '/refurb-diagnosis-questions/create',
  editQuestion: (id: string) => `/refurb-diagnosis-questions/${encodeURIComponent(id)}/edit`,
} as const;
