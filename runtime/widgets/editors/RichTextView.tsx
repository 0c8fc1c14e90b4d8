/**
 * Stored HTML shown read-only (the detail view, the Markdown preview): sanitised with the shared
 * policy by DOMPurify, stored pictures fetched with the session and shown as object URLs.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { Host } from '../../host/types';
import { sanitizeHtml } from '../../richText/sanitizeInBrowser';
import { StoredImageUrls } from './storedImages';

const CONTENT_STYLE = { lineHeight: 1.6, overflowWrap: 'anywhere' as const, maxWidth: '100%' };

export function RichTextView({ html, host, testId = 'rich-text-view' }: { html: string; host: Host; testId?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const clean = useMemo(() => sanitizeHtml(html), [html]);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const pictures = new StoredImageUrls(host);
    pictures.show(element);
    return () => pictures.dispose();
  }, [clean, host]);

  return (
    <div
      ref={holder}
      className="lossdesk-rich-text-view"
      data-testid={testId}
      style={CONTENT_STYLE}
      // Safe: sanitised with the shared policy just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
