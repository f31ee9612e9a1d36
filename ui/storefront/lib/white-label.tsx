import { createContext, useContext, type ReactNode } from 'react';
import type { WhiteLabelConfigView } from '@server/application/organizations/organization-views';
import type { ApiClient } from '../../shared/api/client';

/** GET /api/white-label/config: the retailer's storefront settings and branding. */
export type WhiteLabelConfig = WhiteLabelConfigView;

/** The storefront starts only when this answers 200; anything else sends the visitor to /not-available. */
export async function loadWhiteLabelConfig(api: ApiClient): Promise<WhiteLabelConfig | null> {
  try {
    return await api.get<WhiteLabelConfig>('/white-label/config');
  } catch {
    return null;
  }
}

const Context = createContext<WhiteLabelConfig | null>(null);

export function WhiteLabelProvider({ value, children }: { value: WhiteLabelConfig | null; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The configuration, or null on /not-available (the only screen that renders without it). */
export function useOptionalWhiteLabel(): WhiteLabelConfig | null {
  return useContext(Context);
}

export function useWhiteLabel(): WhiteLabelConfig {
  const value = useContext(Context);
  if (!value) throw new Error('useWhiteLabel before the white-label configuration loaded');
  return value;
}
