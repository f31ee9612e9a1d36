/**
 * What a home page's custom HTML may keep (specification 002 §5: "custom
 * HTML … sanitised"): an allow-list, applied on the server by a maintained
 * sanitiser (application/settings/home-page/sanitise-html.ts) before the HTML
 * is recorded, so a visitor only ever gets what is listed here. Everything
 * else goes: scripts and their text, styles, frames (and their srcdoc),
 * objects, forms, SVG and MathML, every event handler and `style` attribute,
 * `id` (no clobbering of the page's globals), and any link or image address
 * that is not http(s) (javascript:, data:, vbscript:, protocol-relative).
 * Text is kept.
 */
export const HOME_PAGE_HTML_POLICY = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'section', 'article', 'header', 'footer', 'aside', 'figure', 'figcaption',
    'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'cite', 'q', 'code', 'pre',
    'a', 'img', 'picture', 'source', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir', 'aria-label', 'aria-hidden', 'role'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    source: ['srcset', 'media', 'type', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
  },
  /** Absolute addresses only in these schemes (relative ones stay: they are this storefront's). */
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'], source: ['https', 'http'] },
  allowProtocolRelative: false,
  /** Elements whose content is dropped with them (not shown as text). */
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'xmp', 'title', 'svg', 'math', 'object', 'embed'],
} as const;

/** A link's address: http(s), mailto:, tel:, a path on the storefront or an anchor; anything else is dropped. */
export const HOME_PAGE_LINK_ADDRESS = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
/** An image's address: http(s) or a path on the platform; anything else is dropped. */
export const HOME_PAGE_IMAGE_ADDRESS = /^(https?:\/\/|\/(?!\/))/i;

/** Allowed values of a link's `target`; a link opening elsewhere gets rel="noopener noreferrer". */
export const HOME_PAGE_LINK_TARGETS = ['_blank', '_self'] as const;
