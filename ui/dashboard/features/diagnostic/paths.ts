/** The diagnostic-question screens (specification 000: /diagnostic, category/{categoryId}, …/question/add, …/question/{questionId}). */
export const diagnosticPaths = {
  home: '/diagnostic',
  category: (categoryId: string) => `/category/${encodeURIComponent(categoryId)}`,
  add: (categoryId: string) => `/category/${encodeURIComponent(categoryId)}/question/add`,
  edit: (categoryId: string, questionId: string) => `/category/${encodeURIComponent(categoryId)}/question/${encodeURIComponent(questionId)}`,
} as const;
