/**
 * The editor's basics, assembled here rather than taken from the `codemirror` meta package (its
 * registry version is CodeMirror 5): gutters, highlighting, bracket matching and closing,
 * completion, folding, undo/redo history with the standard key bindings, and our own Enter (keeps
 * the indentation) and Tab (indents by the tab size), which come first so they win.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, getIndentation, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { EditorSelection, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  dropCursor,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  type Command,
} from '@codemirror/view';

/** Enter: a new line indented as the language says, else like the current line. */
const newlineKeepingIndent: Command = (view) => {
  if (view.state.readOnly) return false;
  view.dispatch(
    view.state.changeByRange((range) => {
      const line = view.state.doc.lineAt(range.from);
      const wanted = getIndentation(view.state, range.from);
      const indent = wanted === null ? (/^[ \t]*/.exec(line.text)?.[0] ?? '') : ' '.repeat(wanted);
      const insert = `\n${indent}`;
      return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(range.from + insert.length) };
    }),
    { scrollIntoView: true, userEvent: 'input' },
  );
  return true;
};

/** Tab: spaces up to the next tab stop. */
const indentByTab =
  (tabSize: number): Command =>
  (view) => {
    if (view.state.readOnly) return false;
    view.dispatch(
      view.state.changeByRange((range) => {
        const column = range.from - view.state.doc.lineAt(range.from).from;
        const insert = ' '.repeat(tabSize - (column % tabSize));
        return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(range.from + insert.length) };
      }),
      { userEvent: 'input' },
    );
    return true;
  };

export function editorSetup(tabSize: number): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    foldGutter(),
    history(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    closeBrackets(),
    autocompletion(),
    highlightActiveLine(),
    EditorState.tabSize.of(tabSize),
    indentUnit.of(' '.repeat(tabSize)),
    keymap.of([
      { key: 'Enter', run: newlineKeepingIndent },
      { key: 'Tab', run: indentByTab(tabSize) },
      ...closeBracketsKeymap,
      ...completionKeymap,
      ...foldKeymap,
      ...historyKeymap,
      ...defaultKeymap,
    ]),
  ];
}
