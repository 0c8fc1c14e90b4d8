/**
 * CodeMirror 6 mounted imperatively on a ref: tab size 2, the given height (240px by default,
 * widgets.md §9; the frame's height in full screen), read-only when disabled, the language loaded
 * lazily and swapped in a compartment without losing the text or the cursor.
 */
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { editorSetup } from './codeEditorSetup';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { CodeLanguage } from '../../generated/page';
import { languageChoice } from './codeLanguages';

export const CODE_TAB_SIZE = 2;
export const CODE_EDITOR_HEIGHT = '240px';

export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  language: CodeLanguage;
  readOnly?: boolean;
  /** CSS height; '100%' fills a full-screen frame. */
  height?: string;
  placeholder?: string;
}

const heightOf = (height: string) => EditorView.theme({ '&': { height }, '.cm-scroller': { overflow: 'auto' } });

export function CodeEditor({ value, onChange, language, readOnly = false, height = CODE_EDITOR_HEIGHT }: CodeEditorProps) {
  const holder = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const compartments = useRef({ language: new Compartment(), readOnly: new Compartment(), height: new Compartment() });
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  const initial = useRef({ value, readOnly, height });

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const c = compartments.current;
    const start = initial.current;
    const editor = new EditorView({
      parent: element,
      state: EditorState.create({
        doc: start.value,
        extensions: [
          editorSetup(CODE_TAB_SIZE),
          c.language.of([]),
          c.readOnly.of([EditorState.readOnly.of(start.readOnly), EditorView.editable.of(!start.readOnly)]),
          c.height.of(heightOf(start.height)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      view.current = null;
      editor.destroy();
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    let live = true;
    void languageChoice(language)
      .load()
      .then((extension) => {
        if (live) view.current?.dispatch({ effects: compartments.current.language.reconfigure(extension) });
      });
    return () => {
      live = false;
    };
  }, [language]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.readOnly.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
    });
  }, [readOnly]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.height.reconfigure(heightOf(height)) });
  }, [height]);

  return <div ref={holder} data-testid="code-editor" data-language={language} style={{ height: height === '100%' ? '100%' : undefined, textAlign: 'left' }} />;
}
