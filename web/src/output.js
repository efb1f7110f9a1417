// The output pane: printed text kept as chunks ({text, cls}) and drawn into a <pre> at
// most once per animation frame, as blocks of BLOCK_LINES lines of which only the last
// `maxLines` lines stay in the DOM ("Show all" draws everything kept).
// Why: a training loop that prints every step sends thousands of messages; writing each
// one into a single text flow (and measuring it) froze the page for minutes, Stop
// included. Here a message costs an array push and a frame one DOM write, and a new block
// does not make the earlier ones lay out again. The text is never changed, only windowed.
import { h } from './dom.js';

const BLOCK_LINES = 100;
const LIVE_LINES = 400;
const countLines = (s) => {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
};
const plural = (n, what) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/**
 * pre: the <pre> to draw into. Options: maxLines drawn (the rest behind "Show all"),
 * keepLines kept in memory (older ones are discarded, with a note), scroller: the element
 * that scrolls the output (it stays pinned to the bottom while the reader is there).
 */
export function createOutput(pre, { maxLines = 2000, keepLines = 100000, scroller = null } = {}) {
  const chunks = [];     // {text, cls, lines}, oldest first: everything kept
  let keptLines = 0, droppedLines = 0;
  let drawn = 0;         // chunks[0..drawn) have been written to the DOM
  const blocks = [];     // {el, lines, open}: the DOM's blocks, oldest first; open: ends mid-line
  let drawnLines = 0;
  let showAll = false;
  let stale = false;     // the DOM shows discarded text: redraw at the next frame
  let frame = 0, timer = 0;

  const more = h('div', { class: 'tp-output-more', hidden: '' });
  const moreText = h('span');
  const moreBtn = h('button', { type: 'button', class: 'tp-btn tp-btn-small', onclick: () => { showAll = true; redraw(); } });
  more.append(moreText, ' ', moreBtn);
  pre.before(more);

  function schedule() {
    if (frame) return;
    // rAF pauses in background tabs; the timer is the fallback there.
    frame = requestAnimationFrame(() => flush(true));
    timer = setTimeout(() => flush(true), 250);
  }

  /** Queues text (class cls: 'out', 'err', 'err exc') for the next frame. */
  function append(text, cls = 'out') {
    if (!text) return;
    const lines = countLines(text);
    const last = chunks[chunks.length - 1];
    // Consecutive stdout merges; each warning or error stays a chunk of its own.
    if (last && cls === 'out' && last.cls === 'out' && chunks.length > drawn) {
      last.text += text;
      last.lines += lines;
    } else {
      chunks.push({ text, cls, lines });
    }
    keptLines += lines;
    if (keptLines > keepLines * 1.1) discardOldest();
    schedule();
  }

  function discardOldest() {
    let k = 0, lines = 0;
    while (k < chunks.length - 1 && keptLines - lines > keepLines) lines += chunks[k++].lines;
    chunks.splice(0, k);
    keptLines -= lines;
    droppedLines += lines;
    drawn = Math.max(0, drawn - k);
    if (showAll) stale = true;
  }

  /** Writes text at the end of the DOM: into the last block while it has room, else new ones. */
  function write(text, cls) {
    while (text) {
      let b = blocks[blocks.length - 1];
      if (!b || (b.lines >= BLOCK_LINES && !b.open)) {
        b = { el: h('span', { class: 'tp-out-block' }), lines: 0, open: false };
        blocks.push(b);
        pre.append(b.el);
      }
      // Take up to the block's remaining lines (at least one, so a long line still moves on).
      let cut = -1;
      for (let k = Math.max(1, BLOCK_LINES - b.lines); k > 0; k--) {
        const next = text.indexOf('\n', cut + 1);
        if (next < 0) { cut = text.length - 1; break; }
        cut = next;
      }
      const part = text.slice(0, cut + 1);
      text = text.slice(cut + 1);
      const tail = b.el.lastChild;
      if (tail && cls === 'out' && tail.className === 'out') tail.firstChild.appendData(part);
      else b.el.append(h('span', { class: cls, text: part }));
      const n = countLines(part);
      b.lines += n;
      b.open = !part.endsWith('\n');
      drawnLines += n;
    }
  }

  /** Removes whole blocks from the top while more than maxLines lines are drawn. */
  function trim() {
    if (showAll) return;
    let k = 0;
    while (k < blocks.length - 1 && drawnLines - blocks[k].lines >= maxLines) {
      drawnLines -= blocks[k].lines;
      blocks[k++].el.remove();
    }
    blocks.splice(0, k);
  }

  function note() {
    const hidden = keptLines + droppedLines - drawnLines;
    more.hidden = hidden <= 0;
    if (hidden <= 0) return;
    moreText.textContent = `… ${plural(hidden, 'earlier line')} not shown${droppedLines ? ` (the output keeps the last ${plural(keepLines, 'line')}; ${plural(droppedLines, 'line')} discarded)` : ''}.`;
    moreBtn.hidden = showAll || keptLines <= drawnLines;
    moreBtn.textContent = `Show all ${plural(keptLines, 'line')}`;
  }

  // Pinned to the bottom while the reader is there. Layout is read only in scroll events and
  // at the start of a frame (both after the browser's own layout), never right after a write.
  let pinned = true, pinFrame = 0;
  scroller?.addEventListener('scroll', () => {
    if (!pinFrame) pinned = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 8;
  }, { passive: true });
  function pin() {
    if (!scroller || !pinned || pinFrame) return;
    pinFrame = requestAnimationFrame(() => {
      scroller.scrollTop = scroller.scrollHeight;
      pinFrame = 0;
    });
  }

  /** Replaces the DOM with the last `lines` kept lines (Infinity: all of them). */
  function drawTail(lines) {
    pre.replaceChildren();
    blocks.length = 0;
    drawnLines = 0;
    let from = chunks.length, have = 0;
    while (from > 0 && have < lines) have += chunks[--from].lines;
    let first = chunks[from]?.text ?? '';
    if (have > lines) {
      // Keep the first chunk's last `keep` lines: cut after the newline before them.
      const keep = lines - (have - chunks[from].lines);
      let at = first.length;
      for (let k = 0; k <= keep && at >= 0; k++) at = first.lastIndexOf('\n', at - 1);
      first = first.slice(at + 1);
    }
    for (let i = from; i < chunks.length; i++) write(i === from ? first : chunks[i].text, chunks[i].cls);
    drawn = chunks.length;
    stale = false;
  }

  function redraw() {
    drawTail(showAll ? Infinity : maxLines);
    trim();
    note();
    pin();
  }

  /**
   * Draws what arrived since it last ran. In a frame (live) a burst larger than LIVE_LINES
   * draws only its last LIVE_LINES lines: a stream faster than anyone reads costs one small
   * layout per frame. Called by the page when a run ends, it fills the window to maxLines.
   */
  function flush(live = false) {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = timer = 0;
    if (stale) return redraw();
    const budget = showAll ? Infinity : live ? LIVE_LINES : maxLines;
    let fresh = 0;
    for (let j = drawn; j < chunks.length; j++) fresh += chunks[j].lines;
    const short = !live && !showAll && drawnLines < maxLines && keptLines > drawnLines + fresh;
    if (fresh > budget || short) drawTail(budget);
    else if (drawn < chunks.length) {
      for (let i = drawn; i < chunks.length; i++) write(chunks[i].text, chunks[i].cls);
      drawn = chunks.length;
    } else return;
    trim();
    note();
    pin();
  }

  function clear() {
    chunks.length = blocks.length = 0;
    keptLines = droppedLines = drawn = drawnLines = 0;
    showAll = stale = false;
    pinned = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = timer = 0;
    pre.replaceChildren();
    more.hidden = true;
  }

  /** The kept text of one class ('out': stdout; 'err': stderr and errors), or all of it. */
  function text(cls) {
    let s = '';
    for (const c of chunks) if (!cls || c.cls.split(' ')[0] === cls) s += c.text;
    return s;
  }

  return {
    append, flush: () => flush(false), clear, text,
    /** Lines printed in this run, and lines in the DOM now. */
    get lines() { return keptLines + droppedLines; },
    get drawnLines() { return drawnLines; },
    showAll() { showAll = true; redraw(); },
  };
}
