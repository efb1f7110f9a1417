// Output from a worker to the page, rate-limited: a print is posted at once while the page
// keeps up (a token bucket of `burst` messages refilled at `rate` per second), and when a
// loop prints faster than that, its lines are joined into one message per token.
// Why: each message is a task on the page's main thread; 100,000 one-line messages kept it
// busy for seconds, so a click on Stop waited behind them. Joined, the page sees ~500
// messages a second whatever the loop does, and a quiet program's prints still appear the
// moment they are made (even right before a synchronous loop that never ends).
//
// post(msg) sends {type: 'out', id, stream, text}; call flush() before posting anything
// else (order) and at every point where the worker yields or finishes.
export function createOutQueue(post, { burst = 100, rate = 500 } = {}) {
  let pending = null;  // {id, stream, text} not yet posted
  let tokens = burst, last = performance.now();
  let timer = 0;       // posts the rest when the worker's event loop is next free (an await)

  function refill() {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - last) * rate) / 1000);
    last = now;
  }

  /** Posts what is waiting (ignores the rate limit: used for ordering and at yields). */
  function flush() {
    if (!pending) return;
    const msg = { type: 'out', ...pending };
    pending = null;
    tokens = Math.max(0, tokens - 1);
    post(msg);
  }

  /** Queues text of run `id` on stream 'out' or 'err'; posts it now if the budget allows. */
  function write(id, stream, text) {
    if (pending && (pending.id !== id || pending.stream !== stream)) flush();
    if (pending) pending.text += text;
    else pending = { id, stream, text };
    refill();
    if (tokens >= 1) flush();
    else if (!timer) timer = setTimeout(() => { timer = 0; flush(); }, 1000 / rate);
  }

  return { write, flush };
}
