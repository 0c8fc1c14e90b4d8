/**
 * An uploaded .eml file (RFC 822 / MIME) read into 收件管理's fields with mailparser: 发件人, 日期 (Beijing
 * time), 主题, 正文 as plain text (an HTML-only mail is converted, never kept as HTML) and its attachments'
 * names and bytes. Encoded words and legacy charsets (GBK, GB18030, Big5) are decoded by the library.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { BusinessError } from '../http/envelope';

export interface ParsedMail {
  sender: string;
  /** yyyy-MM-dd HH:mm:ss, Beijing time; the upload time when the mail names no date. */
  mailDate: string;
  subject: string;
  body: string;
  attachments: { fileName: string; content: Buffer }[];
}

export const EML_BROKEN_MESSAGE = '邮件文件无法解析，请上传完整的 .eml 邮件文件';
const SENDER_MAX = 200;
const SUBJECT_MAX = 300;
const BODY_MAX = 100_000;

function beijing(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

function senderOf(from: AddressObject | undefined): string {
  const first = from?.value[0];
  if (!first) return '';
  const address = first.address ?? '';
  return first.name ? `${first.name} <${address}>` : address;
}

/** HTML as text: block ends become line breaks, tags and scripts go, entities are decoded. */
export function htmlToText(html: string): string {
  const marked = html.replace(/<\s*(br|\/p|\/div|\/li|\/tr|\/h[1-6])\b[^>]*>/gi, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['style', 'script', 'textarea', 'noscript', 'head', 'title'] });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A buffer that holds no mail header at all is not a mail (a renamed picture, a Word file). */
function looksLikeMail(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (head.includes('\u0000')) return false;
  return /^(from|to|subject|date|received|return-path|message-id|mime-version|content-type|delivered-to|x-[a-z0-9-]+):/im.test(head);
}

const cut = (text: string, max: number) => [...text].slice(0, max).join('');

export async function parseEml(bytes: Buffer, now = new Date()): Promise<ParsedMail> {
  if (bytes.length === 0 || !looksLikeMail(bytes)) throw new BusinessError(EML_BROKEN_MESSAGE);
  let mail;
  try {
    mail = await simpleParser(bytes, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  } catch {
    throw new BusinessError(EML_BROKEN_MESSAGE);
  }
  const from = Array.isArray(mail.from) ? mail.from[0] : mail.from;
  const text = mail.text?.trim() || (typeof mail.html === 'string' ? htmlToText(mail.html) : '');
  if (!from && !mail.subject && !text) throw new BusinessError(EML_BROKEN_MESSAGE);
  return {
    sender: cut(senderOf(from), SENDER_MAX),
    mailDate: beijing(mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : now),
    subject: cut(mail.subject ?? '', SUBJECT_MAX),
    body: cut(text, BODY_MAX),
    attachments: mail.attachments
      .filter((a) => a.contentDisposition !== 'inline' || a.filename)
      .map((a, i) => ({ fileName: a.filename ?? `附件${i + 1}`, content: a.content })),
  };
}
