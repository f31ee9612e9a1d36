import { api } from '../../../lib/api-client';

/** Where a package's label is: HEAD says whether it is made (425 while the carrier makes it), GET gives it. */
export const packageLabelPath = (packageId: string) => `/packages/${encodeURIComponent(packageId)}/label`;

/** GET /api/packages/{id}/label: the label, a 10 × 15 cm PDF. */
export function getPackageLabel(packageId: string): Promise<Blob> {
  return api.request<Blob>('GET', packageLabelPath(packageId), { as: 'blob' }).then((response) => response.data);
}
