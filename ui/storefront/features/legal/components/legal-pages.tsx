import { Alert, Heading, Link, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { AppLink, PageHeader } from '../../../components/page-header';
import { PageBody } from '../../../components/page-body';
import { useWhiteLabel } from '../../../lib/white-label';
import { useLegalPage } from '../api/get-legal-page';
import { ConfiguredText } from './configured-text';

function NotPublished({ text }: { text: string }) {
  return (
    <Alert.Root status="info" data-testid="not-published">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

const LEGAL_PAGE_OF = { termsOfUse: 'terms-of-use', termsOfService: 'terms-of-service' } as const;

/** /cgu and /cgs: the retailer's own terms as written in its settings, and their PDF when it gave one; else the page says they are not published. */
export function TermsPage({ kind }: { kind: 'termsOfUse' | 'termsOfService' }) {
  const { t } = useTranslation('legal');
  const { name } = useWhiteLabel();
  const legal = useLegalPage(LEGAL_PAGE_OF[kind]);
  const published = Boolean(legal.data?.text || legal.data?.pdfUrl);
  return (
    <>
      <PageHeader title={t(`${kind}.title`)} page={kind} />
      <PageBody narrow>
        {legal.isPending ? (
          <Spinner aria-label={t('loading')} alignSelf="center" />
        ) : published ? (
          <RetailerText text={legal.data?.text ?? null} pdfUrl={legal.data?.pdfUrl ?? null} />
        ) : (
          <NotPublished text={t(`${kind}.notPublished`, { name })} />
        )}
        <ContactLine />
      </PageBody>
    </>
  );
}

/** The retailer's own text (paragraphs, never HTML) and the link to its PDF. */
function RetailerText({ text, pdfUrl }: { text: string | null; pdfUrl: string | null }) {
  const { t } = useTranslation('legal');
  return (
    <>
      {text ? <ConfiguredText value={text} linkLabel={t('openDocument')} /> : null}
      {pdfUrl ? (
        <Link href={pdfUrl} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline" alignSelf="start">
          {t('downloadPdf')}
        </Link>
      ) : null}
    </>
  );
}

/** How to reach the retailer: its website when the configuration gives one. */
function ContactLine() {
  const { t } = useTranslation('legal');
  const { name, externalWebsiteLink } = useWhiteLabel();
  return externalWebsiteLink ? (
    <Text>
      {t('contact.website', { name })}{' '}
      <Link href={externalWebsiteLink.url} color="brand.fg" textDecoration="underline">
        {externalWebsiteLink.url.replace(/^https?:\/\//, '')}
      </Link>
    </Text>
  ) : (
    <Text>{t('contact.stores', { name })}</Text>
  );
}

const QUESTIONS = ['estimate', 'after', 'check', 'payment', 'cart', 'language'] as const;

/** FAQ and contact: how the buyback works here, as the platform actually behaves. */
export function FaqPage() {
  const { t } = useTranslation('legal');
  const { name } = useWhiteLabel();
  const legal = useLegalPage('faq');
  return (
    <>
      <PageHeader title={t('faq.title')} page="faq" />
      <PageBody narrow>
        {legal.data?.text || legal.data?.pdfUrl ? <RetailerText text={legal.data.text} pdfUrl={legal.data.pdfUrl} /> : null}
        {QUESTIONS.map((question) => (
          <Stack as="section" key={question} gap={2} aria-labelledby={`faq-${question}`}>
            <Heading as="h2" size="md" id={`faq-${question}`}>
              {t(`faq.questions.${question}.question`)}
            </Heading>
            <Text>{t(`faq.questions.${question}.answer`, { name })}</Text>
          </Stack>
        ))}
        <Stack as="section" gap={2} aria-labelledby="faq-contact">
          <Heading as="h2" size="md" id="faq-contact">
            {t('contact.title')}
          </Heading>
          <ContactLine />
        </Stack>
      </PageBody>
    </>
  );
}

/** /cookies-policy: what this site keeps in the browser, then the retailer's own policy when configured. */
export function CookiesPolicyPage() {
  const { t } = useTranslation('legal');
  const { name, cookiesPolicy, tagManagerId, documents } = useWhiteLabel();
  return (
    <>
      <PageHeader title={t('cookies.title')} page="cookiesPolicy" />
      <PageBody narrow>
        <Text>{tagManagerId ? t('cookies.tagManager', { name }) : t('cookies.noTracking')}</Text>
        <Text>{t('cookies.storedIntro')}</Text>
        <List.Root ps={5} gap={1}>
          <List.Item>{t('cookies.stored.language')}</List.Item>
          <List.Item>{t('cookies.stored.token')}</List.Item>
          <List.Item>{t('cookies.stored.cart')}</List.Item>
        </List.Root>
        <Text>{t('cookies.erase')}</Text>
        {cookiesPolicy || documents?.cookiesPolicy ? (
          <AppLink to={paths.cookiesPolicyDocument.to()}>{t('cookies.readDocument', { name })}</AppLink>
        ) : (
          <NotPublished text={t('cookies.documentNotPublished', { name })} />
        )}
      </PageBody>
    </>
  );
}

/** /cookies-policy-document: the retailer's cookies policy as configured: its text, and its PDF (general settings) when uploaded. */
export function CookiesPolicyDocumentPage() {
  const { t } = useTranslation('legal');
  const { name, cookiesPolicy, documents } = useWhiteLabel();
  const pdfUrl = documents?.cookiesPolicy ?? null;
  return (
    <>
      <PageHeader
        title={t('cookies.documentTitle', { name })}
        crumbs={[{ label: t('cookies.title'), to: paths.cookiesPolicy.to() }]}
        page="cookiesPolicyDocument"
      />
      <PageBody narrow>
        {cookiesPolicy || pdfUrl ? (
          <>
            {cookiesPolicy ? <ConfiguredText value={cookiesPolicy} linkLabel={t('cookies.openDocument')} /> : null}
            {pdfUrl ? (
              <Link href={pdfUrl} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline" alignSelf="start" data-testid="cookies-policy-pdf">
                {t('cookies.openPdf', { name })}
              </Link>
            ) : null}
          </>
        ) : (
          <NotPublished text={t('cookies.documentNotPublished', { name })} />
        )}
      </PageBody>
    </>
  );
}

/** /accessibility-statement: exists only when the retailer configured one (the router answers not-found otherwise). */
export function AccessibilityStatementPage({ statement }: { statement: string }) {
  const { t } = useTranslation('legal');
  return (
    <>
      <PageHeader title={t('accessibility.title')} page="accessibilityStatement" />
      <PageBody narrow>
        <ConfiguredText value={statement} linkLabel={t('accessibility.open')} />
      </PageBody>
    </>
  );
}
