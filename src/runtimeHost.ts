/**
 * The web app's Host for the page-language interpreter (runtime/host/types.ts): HTTP through our
 * request layer (token, tenant, signing, error catalogue), messages and confirmations through
 * antd's App hooks, navigation through the router, button permissions from the session, storage in
 * the `pro__` localStorage wrapper, downloads through a hidden link. Also the app's one dictionary
 * service (seeded at login, replaced by 清理缓存, forgotten at logout — src/store/auth.ts; made in
 * appServices.ts).
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { hasPermission } from '../runtime/auth/hasPermission';
import { saveFileInBrowser } from '../runtime/host/saveFileInBrowser';
import type { Host, HostPages, NavigateTarget } from '../runtime/host/types';
import type { CompiledPage } from '../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../runtime/schema/loadPageSchema';
import { formatSchemaError } from '../runtime/schema/schemaError';
import { dictService, notifyThrough, runtimeRequest, runtimeStorage } from './appServices';
import { useFeedback } from './hooks/useFeedback';
import { documentLoaders, parseSchemaViewKey, schemaSource, type DocumentLoader } from './pages/schemaDocuments';
import { useSession } from './store/session';

// The dictionary service lives apart (the sign-in page needs it without the interpreter); the
// schema pages keep importing it from here.
export { dictService, runtimeRequest, runtimeStorage };

/**
 * Compiled page documents for widgets that show another page (pickers), over the same loaders
 * SchemaRoute uses: each reference ('maintenance/expert') is compiled once; a failure is forgotten so
 * the next ask tries again.
 */
export function createRuntimePages(loaders: Readonly<Record<string, DocumentLoader>> = documentLoaders()): HostPages {
  const compiled = new Map<string, Promise<CompiledPage>>();
  async function compile(ref: string): Promise<CompiledPage> {
    const parsed = parseSchemaViewKey(`schema/${ref}`);
    const source = parsed ? schemaSource(parsed.module, parsed.entity) : ref;
    const loader = parsed ? loaders[`/${source}`] : undefined;
    if (!loader) throw new Error(`页面定义不存在：${source}`);
    let doc: unknown;
    try {
      doc = await loader();
    } catch (error) {
      throw new Error(`页面定义加载失败：${source}（${error instanceof Error ? error.message : String(error)}）`);
    }
    const result = loadPageSchema(doc, source);
    if (!result.ok) throw new Error(`页面定义有误：${result.errors.map(formatSchemaError).join('；')}`);
    return result.page;
  }
  return {
    load(ref) {
      let page = compiled.get(ref);
      if (!page) {
        page = compile(ref);
        compiled.set(ref, page);
        page.catch(() => compiled.delete(ref));
      }
      return page;
    },
  };
}

let pages: HostPages | undefined;

/** The app's page documents (one memo for every host). */
export function runtimePages(): HostPages {
  pages ??= createRuntimePages();
  return pages;
}

function targetOf(to: NavigateTarget): { to: string | { pathname: string; search?: string }; replace: boolean } {
  if (typeof to === 'string') return { to, replace: false };
  return { to: { pathname: to.path, ...(to.search === undefined ? {} : { search: to.search }) }, replace: to.replace ?? false };
}

/** The Host of the page being rendered; the same object while its inputs stay the same. */
export function useRuntimeHost(): Host {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const auth = useSession((s) => s.auth);
  const allAuth = useSession((s) => s.allAuth);

  return useMemo<Host>(
    () => ({
      request: runtimeRequest,
      notify: notifyThrough(message),
      confirm: ({ title, content, okText, cancelText, danger }) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title,
            content,
            okText: okText ?? '确定',
            cancelText: cancelText ?? '取消',
            okButtonProps: danger ? { danger: true } : undefined,
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      navigate: (to) => {
        const target = targetOf(to);
        void navigate(target.to, { replace: target.replace });
      },
      hasPermission: (action) => hasPermission(action, { auth, allAuth }),
      storage: runtimeStorage(),
      saveFile: saveFileInBrowser,
      pages: runtimePages(),
    }),
    [message, modal, navigate, auth, allAuth],
  );
}
