/**
 * Rich text written through generic CRUD (add, edit, import) is sanitised here with the shared
 * policy (runtime/richText/policy.ts), so stored HTML is safe whatever client sent it; the browser
 * sanitises again when it shows it (defence in depth).
 */
import sanitize from 'sanitize-html';
import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import { ALLOWED_ATTRIBUTES, ALLOWED_STYLES, ALLOWED_TAGS, ALLOWED_URL_SCHEMES, URL_ATTRIBUTES, filterStyle, isAllowedUrlAttribute } from '../../../runtime/richText/policy';

const options: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...ALLOWED_URL_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: [...URL_ATTRIBUTES],
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(Object.entries(ALLOWED_STYLES).map(([name, patterns]) => [name, [...patterns]])) },
  disallowedTagsMode: 'discard',
  // Tags whose content is code or markup, not text: dropped whole with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    '*': (tagName, attribs) => {
      // The same checks as the browser's (sanitize-html's own are close but not identical).
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (URL_ATTRIBUTES.includes(name) && !isAllowedUrlAttribute(tagName, name, value)) continue;
        if (name === 'style') {
          const style = filterStyle(value);
          if (style !== '') kept.style = style;
          continue;
        }
        kept[name] = value;
      }
      if (tagName === 'a' && kept.target) kept.rel = 'noopener noreferrer';
      return { tagName, attribs: kept };
    },
  },
};

/** The HTML with only the policy's tags, attributes, URLs and styles. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, options);
}

/** Fields whose stored value is HTML from the rich-text editor. */
export function holdsRichText(field: CompiledField): boolean {
  return field.widget === 'editor';
}
