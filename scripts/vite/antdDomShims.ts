/**
 * Puts the app's version of rc-util's dynamicCSS in place of rc-util's for antd's CSS-in-JS and the
 * icons (src/antdDom/dynamicCss.ts): the same functions, minus a scan of `<head>` that a list
 * page's menu click paid for every antd component and icon it mounted. The shim itself imports
 * rc-util's original, which is left alone; a deep import by a relative path inside rc-util (its
 * scrollbar measure) is not redirected.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const ANTD_DOM_SHIMS: Readonly<Record<string, string>> = {
  'rc-util/es/Dom/dynamicCSS': path.join(root, 'src/antdDom/dynamicCss.ts'),
};

const SHIM_FILES = new Set(Object.values(ANTD_DOM_SHIMS));

export function antdDomShims(): Plugin {
  return {
    name: 'lossdesk:antd-dom-shims',
    enforce: 'pre',
    resolveId(source, importer) {
      const shim = ANTD_DOM_SHIMS[source.replace(/\.js$/, '')];
      if (shim === undefined || (importer !== undefined && SHIM_FILES.has(importer))) return null;
      return shim;
    },
  };
}
