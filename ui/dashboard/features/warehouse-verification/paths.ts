/** The verification of a list of codes: the upload with the past verifications, one report, and a long list's job. */
export const verificationPaths = {
  page: '/verification',
  report: (id: string) => `/verification/${encodeURIComponent(id)}`,
  job: (id: string) => `/verification/jobs/${encodeURIComponent(id)}`,
} as const;
