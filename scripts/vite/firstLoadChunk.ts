/**
 * Puts the code of the first load (what index.html's entry imports statically, after tree-shaking)
 * into one chunk. Left alone, Rolldown cuts it into dozens of small chunks — each module the entry
 * shares with some lazily loaded page becomes a chunk of its own —, and each compresses on its own:
 * ≈ 30 KB more brotli for the sign-in page, and fifty requests instead of one. Lazily loaded pages
 * keep their own chunks and import from this one what the first load already has.
 *
 * Which modules those are is known only after tree-shaking (antd's barrel reaches every antd
 * component, the sign-in page uses a few), so a first pass builds in memory with the default
 * splitting and reads the modules of the entry's chunks; the real build groups exactly those.
 */
import { build, type Plugin, type PluginOption, type Rolldown } from 'vite';

async function firstLoadModules(root: string, plugins: () => PluginOption[]): Promise<Set<string>> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: plugins(),
    build: { write: false, minify: false, reportCompressedSize: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const modules = new Set<string>();
  const seen = new Set<string>();
  const pending = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
  while (pending.length > 0) {
    const chunk = byFile.get(pending.pop()!);
    if (!chunk || seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const id of Object.keys(chunk.modules)) modules.add(id);
    pending.push(...chunk.imports);
  }
  return modules;
}

/**
 * @param name the chunk's name (assets/<name>-<hash>.js)
 * @param plugins the build's other plugins, made afresh for the first pass
 */
export function firstLoadChunk(name: string, plugins: () => PluginOption[]): Plugin {
  let firstLoad = new Set<string>();
  return {
    name: 'lossdesk:first-load-chunk',
    apply: 'build',
    async configResolved(config) {
      firstLoad = await firstLoadModules(config.root, plugins);
    },
    outputOptions(options) {
      const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      return {
        ...options,
        codeSplitting: {
          ...splitting,
          groups: [{ name, test: (id: string) => firstLoad.has(id), priority: 100 }, ...(splitting.groups ?? [])],
        },
      };
    },
  };
}
