import { useAppEnvironment } from '../../../../shared/app-environment';

/** The premium feature a warehouse's own stocks need (creating, changing, deleting them); the native stocks need none. */
export const ADVANCED_STOCKS_FEATURE = 'advanced_stocks';

/**
 * Whether the signed-in user's retailer lacks advanced_stocks: its own
 * stocks are then shown with the premium badge, and the API refuses them
 * (PREMIUM_FEATURE_NOT_ENABLED). Provider staff (no account of their own)
 * act for a retailer the API checks.
 */
export function useLacksAdvancedStocks(): boolean {
  const { accountId, settings } = useAppEnvironment();
  return accountId !== '' && !settings.enabledPremiumFeatures.includes(ADVANCED_STOCKS_FEATURE);
}
