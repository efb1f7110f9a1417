// CodeMirror 6 set up once for the playground and the embedded blocks: JavaScript
// highlighting (colours from CSS variables, so light and dark themes both read well),
// line numbers, history, bracket matching, and Ctrl/Cmd+Enter to run.
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { syntaxHighlighting, HighlightStyle, bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword, t.definitionKeyword], color: 'var(--hl-keyword)' },
  { tag: [t.string, t.special(t.string), t.regexp], color: 'var(--hl-string)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--hl-number)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--hl-comment)', fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: 'var(--hl-function)' },
  { tag: [t.definition(t.variableName)], color: 'var(--hl-def)' },
  { tag: [t.propertyName], color: 'var(--hl-property)' },
  { tag: t.invalid, color: 'var(--error)' },
]);

const theme = EditorView.theme({
  '&': { color: 'var(--fg)', backgroundColor: 'var(--editor-bg)', height: '100%' },
  '.cm-content': { caretColor: 'var(--fg)', fontFamily: 'var(--mono)' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: 'var(--editor-gutter)', color: 'var(--muted)', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'var(--editor-active)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--editor-active)' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--selection) !important' },
  '.cm-matchingBracket': { backgroundColor: 'var(--selection)', outline: '1px solid var(--muted)' },
  '.cm-errorLine': { backgroundColor: 'var(--error-bg)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--selection)', color: 'var(--fg)' },
  '.cm-completionInfo, .tp-hover': { fontFamily: 'var(--mono)', fontSize: '12px', padding: '.3em .5em', maxWidth: '40em', whiteSpace: 'pre-wrap' },
});

/** An editor in parent with doc; onRun is called on Ctrl/Cmd+Enter. */
export function createEditor(parent, doc, { onRun, onChange, label = 'code editor', minimal = false, extensions: extra = [] } = {}) {
  const runKeys = keymap.of([
    { key: 'Mod-Enter', run: () => { onRun?.(); return true; } },
    { key: 'Shift-Enter', run: () => { onRun?.(); return true; } },
  ]);
  const extensions = [
    runKeys,
    minimal ? [] : lineNumbers(),
    minimal ? [] : highlightActiveLineGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    minimal ? [] : highlightActiveLine(),
    indentUnit.of('  '),
    EditorState.tabSize.of(2),
    keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
    javascript(),
    syntaxHighlighting(highlight),
    theme,
    EditorView.contentAttributes.of({ 'aria-label': label }),
    EditorView.updateListener.of((u) => { if (u.docChanged) onChange?.(u.state.doc.toString()); }),
    extra,   // e.g. complete.js's completion and hover help
  ];
  const view = new EditorView({ state: EditorState.create({ doc, extensions }), parent });
  return {
    view,
    get value() { return view.state.doc.toString(); },
    set value(s) { view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s } }); },
    /** Moves the cursor to a 1-based line and scrolls it into view. */
    gotoLine(line, col = 1) {
      if (!line || line < 1 || line > view.state.doc.lines) return;
      const l = view.state.doc.line(line);
      const pos = Math.min(l.from + Math.max(col - 1, 0), l.to);
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
    },
    focus() { view.focus(); },
  };
}
