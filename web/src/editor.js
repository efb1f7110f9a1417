// CodeMirror 6 set up once for the playground and the embedded blocks: JavaScript or Python
// highlighting and indentation (colours from CSS variables, so light and dark themes both read well),
// line numbers, history, bracket matching, and Ctrl/Cmd+Enter to run.
import { EditorState, Compartment, StateEffect, StateField } from '@codemirror/state';
import { EditorView, Decoration, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
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
  { tag: [t.className, t.typeName], color: 'var(--hl-function)' },
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
// The line an error points at, highlighted (cm-errorLine) until the code is edited.
const setErrorLine = StateEffect.define();
const errorLine = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    for (const e of tr.effects) {
      if (e.is(setErrorLine)) {
        if (!e.value) return Decoration.none;
        const l = tr.state.doc.line(e.value);
        return Decoration.set([Decoration.line({ class: 'cm-errorLine', attributes: { 'data-error-line': String(e.value) } }).range(l.from)]);
      }
    }
    return tr.docChanged ? Decoration.none : deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// The language-dependent part: the parser, and the indent unit (PEP 8's four spaces in Python).
const languageSupport = (lang) => (lang === 'python'
  ? [python(), indentUnit.of('    '), EditorState.tabSize.of(4)]
  : [javascript(), indentUnit.of('  '), EditorState.tabSize.of(2)]);

/** An editor in parent with doc; onRun is called on Ctrl/Cmd+Enter; language 'javascript' or 'python'. */
export function createEditor(parent, doc, { onRun, onChange, label = 'code editor', minimal = false, language = 'javascript', extensions: extra = [] } = {}) {
  const lang = new Compartment();
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
    keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
    lang.of(languageSupport(language)),
    errorLine,
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
    /** Highlights a 1-based line as the one an error points at (null: none). */
    markError(line) {
      const ok = line && line >= 1 && line <= view.state.doc.lines;
      view.dispatch({ effects: setErrorLine.of(ok ? line : null) });
    },
    /** Switches highlighting and indentation to 'javascript' or 'python', and the editor's label. */
    setLanguage(l, newLabel) {
      view.dispatch({ effects: lang.reconfigure(languageSupport(l)) });
      if (newLabel) view.contentDOM.setAttribute('aria-label', newLabel);
    },
  };
}
