/** The general settings' screens (specification 002 §2): the store (brand) module's and the buyer and workshop modules'. */
export const GENERAL_SETTINGS_PAGES = ['tim', 'lcm'] as const;
export type GeneralSettingsPage = (typeof GENERAL_SETTINGS_PAGES)[number];

export const generalSettingsPaths = {
  page: (page: GeneralSettingsPage) => `/settings/${page}/general`,
};
