import { AccessibilityStatementPage, CookiesPolicyDocumentPage, CookiesPolicyPage, FaqPage, TermsPage } from '../../features/legal/components/legal-pages';
import { useWhiteLabel } from '../../lib/white-label';
import { NotFoundPage } from './not-found';

export const TermsOfUse = () => <TermsPage kind="termsOfUse" />;
export const TermsOfService = () => <TermsPage kind="termsOfService" />;
export const Faq = FaqPage;
export const CookiesPolicy = CookiesPolicyPage;
export const CookiesPolicyDocument = CookiesPolicyDocumentPage;

export function AccessibilityStatement() {
  const { accessibilityStatement } = useWhiteLabel();
  return accessibilityStatement ? <AccessibilityStatementPage statement={accessibilityStatement} /> : <NotFoundPage />;
}
