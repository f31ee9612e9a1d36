/** The premium badge of every screen (here, beside the bonus or malus without payment_bonus). */
export { PremiumBadge } from '../../../../shared/components/premium-badge';
