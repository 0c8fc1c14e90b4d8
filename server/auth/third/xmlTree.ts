/**
 * A small, strict XML reader for short machine answers (the CAS 2.0 serviceValidate response):
 * elements, attributes, text, CDATA, comments and the XML declaration, with namespaces resolved.
 * A document type declaration is refused outright, so no entity is ever defined, expanded or fetched
 * (no XXE, no "billion laughs"); only the five predefined entities and character references are read.
 * Size and depth are bounded. Throws XmlError on anything else.
 */
export interface XmlElement {
  /** The local name (without prefix). */
  name: string;
  /** The namespace URI the prefix (or default namespace) resolves to; '' for none. */
  namespace: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (CDATA included), children's text not included. */
  text: string;
}

export class XmlError extends Error {}

const MAX_LENGTH = 256 * 1024;
const MAX_DEPTH = 32;
const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&([^;&\s]{1,10});?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new XmlError('XML 中有未结束的实体引用');
    if (ref in PREDEFINED) return PREDEFINED[ref];
    const code = /^#x[0-9a-f]{1,6}$/i.test(ref) ? parseInt(ref.slice(2), 16) : /^#\d{1,7}$/.test(ref) ? Number(ref.slice(1)) : NaN;
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff) throw new XmlError(`XML 中不允许实体 &${ref};`);
    return String.fromCodePoint(code);
  });
}

interface Open {
  element: XmlElement;
  qname: string;
  scope: Map<string, string>;
}

function resolve(qname: string, scope: Map<string, string>, isAttribute: boolean): { name: string; namespace: string } {
  const colon = qname.indexOf(':');
  if (colon < 0) return { name: qname, namespace: isAttribute ? '' : (scope.get('') ?? '') };
  const prefix = qname.slice(0, colon);
  if (prefix === 'xml') return { name: qname.slice(colon + 1), namespace: 'http://www.w3.org/XML/1998/namespace' };
  const namespace = scope.get(prefix);
  if (namespace === undefined) throw new XmlError(`XML 前缀 ${prefix} 未声明`);
  return { name: qname.slice(colon + 1), namespace };
}

function parseAttributes(source: string): Array<[string, string]> {
  const attributes: Array<[string, string]> = [];
  const pattern = /\s*([^\s=]+)\s*=\s*("([^"<]*)"|'([^'<]*)')/gy;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (!match || !NAME.test(match[1])) throw new XmlError('XML 属性格式不正确');
    attributes.push([match[1], decode(match[3] ?? match[4] ?? '')]);
    at = pattern.lastIndex;
  }
  return attributes;
}

export function parseXml(xml: string): XmlElement {
  if (xml.length > MAX_LENGTH) throw new XmlError('XML 过长');
  const stack: Open[] = [];
  let root: XmlElement | undefined;
  let at = 0;
  const appendText = (text: string) => {
    const top = stack[stack.length - 1];
    if (top) top.element.text += text;
    else if (text.trim() !== '') throw new XmlError('XML 根元素之外有文字');
  };
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) {
      appendText(decode(xml.slice(at)));
      break;
    }
    if (lt > at) appendText(decode(xml.slice(at, lt)));
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0 || stack.length > 0 || root) throw new XmlError('XML 声明位置不正确');
      at = end + 2;
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0) throw new XmlError('XML 注释未结束');
      at = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      if (end < 0 || stack.length === 0) throw new XmlError('XML CDATA 位置不正确');
      stack[stack.length - 1].element.text += xml.slice(lt + 9, end);
      at = end + 3;
    } else if (xml.startsWith('<!', lt)) {
      // <!DOCTYPE, <!ENTITY and anything alike: entities are never defined.
      throw new XmlError('XML 不允许文档类型声明');
    } else if (xml.startsWith('</', lt)) {
      const end = xml.indexOf('>', lt);
      if (end < 0) throw new XmlError('XML 结束标签未结束');
      const qname = xml.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.qname !== qname) throw new XmlError(`XML 结束标签 ${qname} 与开始标签不符`);
      at = end + 1;
    } else {
      const end = xml.indexOf('>', lt);
      if (end < 0) throw new XmlError('XML 标签未结束');
      let inner = xml.slice(lt + 1, end);
      const selfClosing = inner.endsWith('/');
      if (selfClosing) inner = inner.slice(0, -1);
      const nameEnd = inner.search(/\s|$/);
      const qname = inner.slice(0, nameEnd);
      if (!NAME.test(qname)) throw new XmlError('XML 标签名不正确');
      if (root && stack.length === 0) throw new XmlError('XML 只能有一个根元素');
      if (stack.length >= MAX_DEPTH) throw new XmlError('XML 层次过深');
      const raw = parseAttributes(inner.slice(nameEnd));
      const scope = new Map(stack[stack.length - 1]?.scope ?? []);
      for (const [key, value] of raw) {
        if (key === 'xmlns') scope.set('', value);
        else if (key.startsWith('xmlns:')) scope.set(key.slice(6), value);
      }
      const attributes: Record<string, string> = {};
      for (const [key, value] of raw) if (key !== 'xmlns' && !key.startsWith('xmlns:')) attributes[resolve(key, scope, true).name] = value;
      const element: XmlElement = { ...resolve(qname, scope, false), attributes, children: [], text: '' };
      const parent = stack[stack.length - 1];
      if (parent) parent.element.children.push(element);
      else root = element;
      if (!selfClosing) stack.push({ element, qname, scope });
      at = end + 1;
    }
  }
  if (!root || stack.length > 0) throw new XmlError('XML 不完整');
  return root;
}
