/**
 * The code editor's twelve languages (widgets.md §9), each loaded only when it is shown, so a page
 * pulls in just the grammars it uses. Objective-C, R, Shell and Swift come from CodeMirror's legacy
 * modes.
 */
import type { Extension } from '@codemirror/state';
import type { CodeLanguage } from '../../generated/page';

export interface LanguageChoice {
  value: CodeLanguage;
  label: string;
  load(): Promise<Extension>;
}

async function legacy(load: () => Promise<Parameters<typeof import('@codemirror/language').StreamLanguage.define>[0]>): Promise<Extension> {
  const [{ StreamLanguage }, mode] = await Promise.all([import('@codemirror/language'), load()]);
  return StreamLanguage.define(mode);
}

export const CODE_LANGUAGES: readonly LanguageChoice[] = [
  { value: 'css', label: 'CSS', load: async () => (await import('@codemirror/lang-css')).css() },
  { value: 'javascript', label: 'JavaScript', load: async () => (await import('@codemirror/lang-javascript')).javascript() },
  { value: 'html', label: 'HTML', load: async () => (await import('@codemirror/lang-html')).html() },
  { value: 'java', label: 'Java', load: async () => (await import('@codemirror/lang-java')).java() },
  { value: 'objectivec', label: 'Objective-C', load: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/clike')).objectiveC) },
  { value: 'python', label: 'Python', load: async () => (await import('@codemirror/lang-python')).python() },
  { value: 'r', label: 'R', load: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/r')).r) },
  { value: 'shell', label: 'Shell', load: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/shell')).shell) },
  { value: 'sql', label: 'SQL', load: async () => (await import('@codemirror/lang-sql')).sql() },
  { value: 'swift', label: 'Swift', load: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/swift')).swift) },
  { value: 'vue', label: 'Vue', load: async () => (await import('@codemirror/lang-vue')).vue() },
  { value: 'markdown', label: 'Markdown', load: async () => (await import('@codemirror/lang-markdown')).markdown() },
];

export const DEFAULT_CODE_LANGUAGE: CodeLanguage = 'javascript';

export function languageChoice(value: CodeLanguage | undefined): LanguageChoice {
  return CODE_LANGUAGES.find((choice) => choice.value === value) ?? CODE_LANGUAGES.find((choice) => choice.value === DEFAULT_CODE_LANGUAGE)!;
}
