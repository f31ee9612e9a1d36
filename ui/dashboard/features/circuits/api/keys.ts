/** GET /circuits, /circuits/{id} and its history, /dispatch-circuit-rules…: a circuit's change refreshes them all (a rule shows its circuit's name and instructions). */
export const circuitKeys = {
  all: ['circuits'] as const,
  list: (params: object) => [...circuitKeys.all, 'list', params] as const,
  options: () => [...circuitKeys.all, 'options'] as const,
  detail: (id: string) => [...circuitKeys.all, 'detail', id] as const,
  history: (id: string) => [...circuitKeys.all, 'history', id] as const,
  rules: (params: object) => [...circuitKeys.all, 'rules', params] as const,
  rule: (id: string) => [...circuitKeys.all, 'rule', id] as const,
  ruleHistory: (id: string) => [...circuitKeys.all, 'rule-history', id] as const,
  connector: (id: string, action: string) => [...circuitKeys.all, 'connector', id, action] as const,
};
