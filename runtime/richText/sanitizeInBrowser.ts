/**
 * The policy (./policy.ts) applied with DOMPurify before stored HTML is put into the page. A purifier
 * of our own (not the shared default instance), so our hooks never change anyone else's sanitising.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, URL_ATTRIBUTES, filterStyle, isAllowedAttribute, isAllowedUrlAttribute } from './policy';

let purifier: Purifier | undefined;

function purifierOf(): Purifier {
  if (purifier) return purifier;
  const made = DOMPurify(window);
  made.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    if (!isAllowedAttribute(node.nodeName, name)) data.keepAttr = false;
    else if (URL_ATTRIBUTES.includes(name) && !isAllowedUrlAttribute(node.nodeName, name, data.attrValue)) data.keepAttr = false;
    else if (name === 'style') {
      const style = filterStyle(data.attrValue);
      if (style === '') data.keepAttr = false;
      else data.attrValue = style;
    }
  });
  made.addHook('afterSanitizeAttributes', (node) => {
    // A link opening a new tab must not hand the opener to the other page.
    if (node.nodeName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = made;
  return made;
}

const allAttributes = [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())];

/** Stored HTML made safe to show: only the policy's tags, attributes, URLs and styles remain. */
export function sanitizeHtml(html: string): string {
  return purifierOf().sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: allAttributes,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
