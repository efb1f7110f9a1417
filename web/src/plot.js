// Plots for plot(...) and plot.scatter(...) from user code: a line chart (loss curves) and a
// 2-D scatter over a decision-boundary background. Canvas, redrawn in place when the
// worker sends the same plot id again, so training loops animate.
const PALETTE = ['#3b82f6', '#f97316', '#10b981', '#e11d48', '#8b5cf6', '#eab308'];

function css(name, el) { return getComputedStyle(el).getPropertyValue(name).trim() || '#888'; }

function niceTicks(lo, hi, n = 5) {
  if (!(hi > lo)) { hi = lo + 1; lo -= 1; }
  const step0 = (hi - lo) / n, mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= step0) ?? step0;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(+v.toPrecision(12));
  return out;
}
function fmt(v) { const a = Math.abs(v); return a !== 0 && (a < 1e-3 || a >= 1e5) ? v.toExponential(1) : String(+v.toPrecision(4)); }

function setupCanvas(canvas) {
  const r = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const W = Math.max(r.width, 200), H = Math.max(r.height, 150);
  canvas.width = Math.round(W * dpr);
  canvas.height = Math.round(H * dpr);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return { ctx, W, H };
}

function drawLine(canvas, p) {
  const { ctx, W, H } = setupCanvas(canvas);
  const fg = css('--fg', canvas), muted = css('--muted', canvas), grid = css('--border', canvas);
  const m = { l: 52, r: 12, t: p.title ? 24 : 10, b: 26 };
  let n = 0, lo = Infinity, hi = -Infinity;
  const tr = (v) => (p.logy ? Math.log10(Math.max(v, 1e-30)) : v);
  for (const s of p.series) {
    n = Math.max(n, s.y.length);
    for (const v of s.y) if (Number.isFinite(v)) { lo = Math.min(lo, tr(v)); hi = Math.max(hi, tr(v)); }
  }
  if (!Number.isFinite(lo)) { lo = 0; hi = 1; }
  if (hi === lo) { hi += 0.5; lo -= 0.5; }
  const X = (i) => m.l + (n > 1 ? (i / (n - 1)) * (W - m.l - m.r) : 0);
  const Y = (v) => H - m.b - ((tr(v) - lo) / (hi - lo)) * (H - m.t - m.b);
  ctx.clearRect(0, 0, W, H);
  ctx.font = '11px system-ui, sans-serif';
  ctx.strokeStyle = grid; ctx.fillStyle = muted; ctx.lineWidth = 1;
  for (const t of niceTicks(lo, hi, 4)) {
    const y = H - m.b - ((t - lo) / (hi - lo)) * (H - m.t - m.b);
    ctx.beginPath(); ctx.moveTo(m.l, y); ctx.lineTo(W - m.r, y); ctx.stroke();
    ctx.textAlign = 'right'; ctx.fillText(p.logy ? `1e${t}` : fmt(t), m.l - 6, y + 4);
  }
  ctx.textAlign = 'center';
  for (const t of niceTicks(0, Math.max(n - 1, 1), 5)) if (t <= n - 1 && Number.isInteger(t)) ctx.fillText(String(t), X(t), H - 8);
  p.series.forEach((s, k) => {
    ctx.strokeStyle = PALETTE[k % PALETTE.length]; ctx.lineWidth = 2; ctx.beginPath();
    s.y.forEach((v, i) => (i ? ctx.lineTo(X(i), Y(v)) : ctx.moveTo(X(i), Y(v))));
    ctx.stroke();
  });
  ctx.fillStyle = fg; ctx.textAlign = 'left'; ctx.font = '600 12px system-ui, sans-serif';
  if (p.title) ctx.fillText(p.title, m.l, 15);
  ctx.font = '11px system-ui, sans-serif';
  let lx = W - m.r;
  ctx.textAlign = 'right';
  [...p.series].reverse().forEach((s, rk) => {
    const k = p.series.length - 1 - rk;
    const last = s.y[s.y.length - 1];
    const label = `${s.name}${last !== undefined ? ` ${fmt(last)}` : ''}`;
    ctx.fillStyle = PALETTE[k % PALETTE.length];
    ctx.fillText(label, lx, 15);
    lx -= ctx.measureText(label).width + 14;
  });
}

function drawScatter(canvas, p) {
  const { ctx, W, H } = setupCanvas(canvas);
  const muted = css('--muted', canvas), fg = css('--fg', canvas);
  const side = Math.min(W, H - (p.title ? 20 : 0));
  const ox = (W - side) / 2, oy = p.title ? 20 : 0;
  const [x0, x1] = p.xrange, [y0, y1] = p.yrange;
  const X = (x) => ox + ((x - x0) / (x1 - x0)) * side;
  const Y = (y) => oy + side - ((y - y0) / (y1 - y0)) * side;
  ctx.clearRect(0, 0, W, H);
  if (p.grid) {
    // One pixel per grid cell, scaled up with smoothing: a soft boundary without seams.
    const { n, values } = p.grid;
    const probs = values.every((v) => v >= 0 && v <= 1);
    const img = new ImageData(n, n);
    for (let k = 0; k < n * n; k++) {
      const q = probs ? values[k] : 1 / (1 + Math.exp(-values[k]));
      const a = Math.min(Math.abs(q - 0.5) * 2, 1) * 0.45 + 0.06;
      const c = q >= 0.5 ? [249, 115, 22] : [59, 130, 246];
      img.data.set([c[0], c[1], c[2], Math.round(a * 255)], k * 4);
    }
    const off = document.createElement('canvas');
    off.width = n; off.height = n;
    off.getContext('2d').putImageData(img, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(off, ox, oy, side, side);
  }
  ctx.strokeStyle = muted; ctx.strokeRect(ox, oy, side, side);
  p.points.forEach((pt, i) => {
    const lab = p.labels[i];
    ctx.beginPath();
    ctx.arc(X(pt[0]), Y(pt[1]), 3.2, 0, 2 * Math.PI);
    ctx.fillStyle = lab >= 0.5 ? '#f97316' : '#3b82f6';
    ctx.fill();
    ctx.lineWidth = 1; ctx.strokeStyle = fg; ctx.globalAlpha = 0.6; ctx.stroke(); ctx.globalAlpha = 1;
  });
  if (p.title) { ctx.fillStyle = fg; ctx.font = '600 12px system-ui, sans-serif'; ctx.textAlign = 'left'; ctx.fillText(p.title, ox, 14); }
}

/** Draws or redraws plot p into host (one canvas per plot id). */
export function drawPlot(host, p) {
  let fig = host.querySelector(`figure[data-plot="${CSS.escape(p.id)}"]`);
  if (!fig) {
    fig = document.createElement('figure');
    fig.className = `tp-plot tp-plot-${p.kind}`;
    fig.dataset.plot = p.id;
    const c = document.createElement('canvas');
    c.setAttribute('role', 'img');
    fig.append(c);
    host.append(fig);
    // Redraw when the layout changes the canvas size (more figures, window resize).
    let last = '';
    new ResizeObserver(() => {
      const r = c.getBoundingClientRect(), key = `${Math.round(r.width)}x${Math.round(r.height)}`;
      if (key !== last && fig.lastPlot) { last = key; (fig.lastPlot.kind === 'line' ? drawLine : drawScatter)(c, fig.lastPlot); }
    }).observe(c);
  }
  const canvas = fig.firstChild;
  canvas.setAttribute('aria-label', p.kind === 'line' ? `line chart ${p.title}: ${p.series.map((s) => `${s.name} last ${s.y[s.y.length - 1]}`).join(', ')}` : `scatter plot ${p.title} of ${p.points.length} points`);
  fig.lastPlot = p;
  (p.kind === 'line' ? drawLine : drawScatter)(canvas, p);
}

/** Redraws every plot in host (after a resize or a theme change). */
export function redrawPlots(host) {
  for (const fig of host.querySelectorAll('figure.tp-plot')) if (fig.lastPlot) drawPlot(host, fig.lastPlot);
}
