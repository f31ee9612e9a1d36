/** The verification of a list of codes: the upload with the past verifications, and one report. */
export const verificationPaths = {
  page: '/verification',
  report: (id: string) => `/verification/${encodeURIComponent(id)}`,
} as const;
