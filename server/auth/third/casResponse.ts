import { parseXml, type XmlElement } from './xmlTree';

/** The namespace of CAS 2.0/3.0 protocol answers. */
export const CAS_NAMESPACE = 'http://www.yale.edu/tp/cas';

export type CasAnswer =
  | { valid: true; user: string }
  /** code: the CAS failure code (INVALID_TICKET, INVALID_SERVICE, …) or MALFORMED for an answer that is not CAS. */
  | { valid: false; code: string; detail: string };

function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.namespace === CAS_NAMESPACE && c.name === name);
}

/**
 * Reads a /serviceValidate answer (CAS 2.0: `<cas:serviceResponse>` with `<cas:authenticationSuccess>
 * <cas:user>` or `<cas:authenticationFailure code="…">`). Anything else — not XML, a document type
 * declaration, another root, an empty user — is MALFORMED, never a success.
 */
export function readCasAnswer(xml: string): CasAnswer {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (err) {
    return { valid: false, code: 'MALFORMED', detail: (err as Error).message };
  }
  if (root.namespace !== CAS_NAMESPACE || root.name !== 'serviceResponse') return { valid: false, code: 'MALFORMED', detail: '不是 CAS 的应答' };
  const success = child(root, 'authenticationSuccess');
  const user = success ? child(success, 'user')?.text.trim() : undefined;
  if (success) return user ? { valid: true, user } : { valid: false, code: 'MALFORMED', detail: 'CAS 应答中没有用户' };
  const failure = child(root, 'authenticationFailure');
  if (failure) return { valid: false, code: failure.attributes.code?.trim() || 'UNKNOWN', detail: failure.text.trim() };
  return { valid: false, code: 'MALFORMED', detail: 'CAS 应答既非成功也非失败' };
}
