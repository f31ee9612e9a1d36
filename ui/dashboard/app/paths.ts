/** Every route of the dashboard, relative to its basename. */
export const BASENAME = '/dashboard';

export const paths = {
  login: '/login',
  home: '/home',
  accessDenied: '/access-denied',
  notAvailable: '/not-available',
  notFound: '/404',
  buybacks: '/buybacks',
  buybackCreate: '/buyback/create',
  buyback: (id: string) => `/buyback/${id}`,
} as const;
