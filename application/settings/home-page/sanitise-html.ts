import sanitizeHtml from 'sanitize-html';
import { HOME_PAGE_HTML_POLICY, HOME_PAGE_IMAGE_ADDRESS, HOME_PAGE_LINK_ADDRESS, HOME_PAGE_LINK_TARGETS } from '../../../domain/settings/home-page/html-policy.js';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HOME_PAGE_HTML_POLICY.allowedTags],
  allowedAttributes: Object.fromEntries(Object.entries(HOME_PAGE_HTML_POLICY.allowedAttributes).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...HOME_PAGE_HTML_POLICY.allowedSchemes],
  allowedSchemesByTag: Object.fromEntries(Object.entries(HOME_PAGE_HTML_POLICY.allowedSchemesByTag).map(([tag, schemes]) => [tag, [...schemes]])),
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'srcset'],
  allowProtocolRelative: HOME_PAGE_HTML_POLICY.allowProtocolRelative,
  nonTextTags: [...HOME_PAGE_HTML_POLICY.nonTextTags],
  disallowedTagsMode: 'discard',
  allowVulnerableTags: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const target = HOME_PAGE_LINK_TARGETS.find((allowed) => allowed === attribs.target);
      const { target: _target, rel: _rel, href, ...rest } = attribs;
      const kept = href !== undefined && HOME_PAGE_LINK_ADDRESS.test(href.trim()) ? { ...rest, href: href.trim() } : rest;
      return { tagName, attribs: target === '_blank' ? { ...kept, target, rel: 'noopener noreferrer' } : kept };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src !== undefined && HOME_PAGE_IMAGE_ADDRESS.test(src.trim()) ? { ...rest, src: src.trim() } : rest };
    },
  },
};

/**
 * A home page widget's HTML as a visitor may get it: sanitize-html (a
 * maintained sanitiser, parsing with htmlparser2) applying the domain's
 * allow-list (domain/settings/home-page/html-policy.ts). Run before the HTML
 * is recorded: the event and the storefront only ever hold its output.
 */
export function sanitiseWidgetHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
