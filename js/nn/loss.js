// The torch.nn losses beyond mse / l1 / nll / cross_entropy / bce, as F.* and nn.* modules with
// 1.13's argument order, defaults, `reduction` (and the legacy size_average / reduce), messages
// and warnings. smooth_l1_loss, huber_loss, soft_margin_loss, multi_margin_loss and
// multilabel_margin_loss are single ATen ops with a node of their own (src/nn/loss.c:
// tp_pointwise_loss, tp_margin_loss); the others are composed here from existing
// ops exactly as 1.13's C++ / Python composites are, so autograd records the same graph.
// nn.js calls makeLoss with its Module class (no import cycle) and spreads the result.
import { W, check, TensorError } from '../core/wasm.js';
import { OP } from '../tensor/ops.js';
import { bind, warn, isOptions, splitOptions } from '../core/args.js';
import { wrap, asTensor, scope } from '../tensor/tensor.js';
import { describe } from '../core/dtype.js';

const REDUCTIONS = { none: 0, mean: 1, sum: 2 };
const NNLOSS = { smooth_l1: 0, huber: 1, soft_margin: 2, multi_margin: 3, multilabel_margin: 4 };  // TP_NNLOSS_* (src/tensorpad.h)

/** 1.13's _Reduction.legacy_get_string: size_average / reduce, when either is given, decide the
 *  reduction (with the deprecation warning); otherwise `reduction` does. */
function legacyString(o) {
  if ((o.size_average === undefined || o.size_average === null) && (o.reduce === undefined || o.reduce === null)) return o.reduction;
  const sizeAverage = o.size_average ?? true, reduce = o.reduce ?? true;
  const r = sizeAverage && reduce ? 'mean' : reduce ? 'sum' : 'none';
  warn(`size_average and reduce args will be deprecated, please use reduction='${r}' instead.`);
  return r;
}

/** _Reduction.get_enum. */
function enumOf(r) {
  if (r === 'elementwise_mean') {
    warn("reduction='elementwise_mean' is deprecated, please use reduction='mean' instead.");
    return REDUCTIONS.mean;
  }
  if (typeof r !== 'string') throw new TypeError(`unsupported operand type(s) for +: '${describe(r)}' and 'str'`);  // Python's reduction + '...'
  if (!Object.prototype.hasOwnProperty.call(REDUCTIONS, r)) throw new TensorError(`${r} is not a valid value for reduction`);
  return REDUCTIONS[r];
}

/** ATen's apply_loss_reduction. */
const reduceLoss = (t, r) => (r === REDUCTIONS.mean ? t.mean() : r === REDUCTIONS.sum ? t.sum() : t);

/** x op s with s a C++ double, as ATen's composites write x + margin (AddBackward1, one edge). */
const atenScalar = (name, x, s) => wrap(check(W.tp_binary_scalar(OP[name], x._ptr, s, 2, 3, 1)));

/** s - x as ATen's Scalar - Tensor operator computes it (SubBackward0 with x on its second edge). */
const scalarMinus = (s, x) => x.new_full(x.shape, s).sub(x);

const sameSize = (a, b) => W.tp_tensor_same_shape(a._ptr, b._ptr) === 1;

/** smooth_l1_loss and huber_loss warn (then broadcast) when the sizes differ, as mse_loss does. */
function warnIfBroadcast(input, target) {
  if (sameSize(input, target)) return;
  warn(`Using a target size (${target.shape}) that is different to the input size (${input.shape}). ` +
    'This will likely lead to incorrect results due to broadcasting. Please ensure they have the same size.');
}

/** torch.broadcast_tensors for two (each expanded only when its size changes). */
function broadcastPair(a, b) {
  if (sameSize(a, b)) return [a, b];
  const sa = a.shape, sb = b.shape, nd = Math.max(sa.length, sb.length), shape = [];
  for (let d = 0; d < nd; d++) {
    const i = sa.length - nd + d, j = sb.length - nd + d, p = i < 0 ? 1 : sa[i], q = j < 0 ? 1 : sb[j];
    if (p !== q && p !== 1 && q !== 1) throw new TensorError(`The size of tensor a (${p}) must match the size of tensor b (${q}) at non-singleton dimension ${d}`);
    shape.push(p === 1 ? q : p);
  }
  const fit = (t, st) => (st.length === nd && shape.every((n, d) => n === st[d]) ? t : t.expand(shape));
  return [fit(a, sa), fit(b, sb)];
}

const pointwise = (which, x, y, p, r) => wrap(check(W.tp_pointwise_loss(NNLOSS[which], x._ptr, y._ptr, Number(p), r)));  // p: a float (a BigInt too)

// ---- functional --------------------------------------------------------------------------
function smooth_l1_loss(...a) {
  const o = bind('smooth_l1_loss', a, ['input', 'target', 'size_average', 'reduce', 'reduction', 'beta'], { reduction: 'mean', beta: 1.0 });
  const input = asTensor(o.input, 'smooth_l1_loss', 'input', 1), target = asTensor(o.target, 'smooth_l1_loss', 'target', 2);
  warnIfBroadcast(input, target);
  const red = legacyString(o);
  const [x, y] = broadcastPair(input, target);
  return pointwise('smooth_l1', x, y, o.beta, enumOf(red));
}

function huber_loss(...a) {
  const o = bind('huber_loss', a, ['input', 'target', 'reduction', 'delta'], { reduction: 'mean', delta: 1.0 });
  const input = asTensor(o.input, 'huber_loss', 'input', 1), target = asTensor(o.target, 'huber_loss', 'target', 2);
  warnIfBroadcast(input, target);
  const [x, y] = broadcastPair(input, target);
  return pointwise('huber', x, y, o.delta, enumOf(o.reduction));
}

function kl_div(...a) {
  const o = bind('kl_div', a, ['input', 'target', 'size_average', 'reduce', 'reduction', 'log_target'], { reduction: 'mean', log_target: false });
  const input = asTensor(o.input, 'kl_div', 'input', 1), target = asTensor(o.target, 'kl_div', 'target', 2);
  let r;
  if ((o.size_average ?? null) !== null || (o.reduce ?? null) !== null) r = enumOf(legacyString(o));
  else {
    if (o.reduction === 'mean') {
      warn("reduction: 'mean' divides the total loss by both the batch size and the support size." +
        "'batchmean' divides only by the batch size, and aligns with the KL div math definition." +
        "'mean' will be changed to behave the same as 'batchmean' in the next major release.");
    }
    r = enumOf(o.reduction === 'batchmean' ? 'sum' : o.reduction);
  }
  return scope(() => {
    // ATen's kl_div: exp(t) (t - x) for a log target, else xlogy(t, t) - t x
    const out = o.log_target ? target.exp().mul(target.sub(input)) : torchRef.xlogy(target, target).sub(target.mul(input));
    const reduced = reduceLoss(out, r);
    return o.reduction === 'batchmean' && input.ndim !== 0 ? reduced.div(input.shape[0]) : reduced;
  });
}

function soft_margin_loss(...a) {
  const o = bind('soft_margin_loss', a, ['input', 'target', 'size_average', 'reduce', 'reduction'], { reduction: 'mean' });
  const input = asTensor(o.input, 'soft_margin_loss', 'input', 1), target = asTensor(o.target, 'soft_margin_loss', 'target', 2);
  return pointwise('soft_margin', input, target, 0, enumOf(legacyString(o)));
}

const shp = (t) => `torch.Size([${Array.from(t.shape).join(', ')}])`;

function margin_ranking_loss(...a) {
  const o = bind('margin_ranking_loss', a, ['input1', 'input2', 'target', 'margin', 'size_average', 'reduce', 'reduction'], { margin: 0, reduction: 'mean' });
  const x1 = asTensor(o.input1, 'margin_ranking_loss', 'input1', 1), x2 = asTensor(o.input2, 'margin_ranking_loss', 'input2', 2);
  const target = asTensor(o.target, 'margin_ranking_loss', 'target', 3);
  const r = enumOf(legacyString(o));
  if (x1.ndim !== x2.ndim || x1.ndim !== target.ndim) {
    throw new TensorError('margin_ranking_loss : All input tensors should have same dimension but got sizes: ' +
      `input1: ${shp(x1)}, input2: ${shp(x2)}, target: ${shp(target)} `);
  }
  // ATen: clamp_min(-target * (input1 - input2) + margin, 0)
  return scope(() => reduceLoss(atenScalar('add', target.neg().mul(x1.sub(x2)), o.margin).clamp_min(0), r));
}

function hinge_embedding_loss(...a) {
  const o = bind('hinge_embedding_loss', a, ['input', 'target', 'margin', 'size_average', 'reduce', 'reduction'], { margin: 1.0, reduction: 'mean' });
  const input = asTensor(o.input, 'hinge_embedding_loss', 'input', 1), target = asTensor(o.target, 'hinge_embedding_loss', 'target', 2);
  const r = enumOf(legacyString(o));
  return scope(() => {
    const zeros = torchRef.zeros_like(input);
    const marginClamp = scalarMinus(o.margin, input).clamp_min_(0);
    const outMargin = torchRef.where(target.ne(1), marginClamp, zeros);
    const outSelf = torchRef.where(target.ne(-1), input, zeros);
    return reduceLoss(outMargin.add(outSelf), r);
  });
}

function cosine_embedding_loss(...a) {
  const o = bind('cosine_embedding_loss', a, ['input1', 'input2', 'target', 'margin', 'size_average', 'reduce', 'reduction'], { margin: 0, reduction: 'mean' });
  const x1 = asTensor(o.input1, 'cosine_embedding_loss', 'input1', 1), x2 = asTensor(o.input2, 'cosine_embedding_loss', 'input2', 2);
  const target = asTensor(o.target, 'cosine_embedding_loss', 'target', 3);
  const r = enumOf(legacyString(o));
  const td = target.ndim, sz = (t) => `[${Array.from(t.shape).join(', ')}]`;
  if (td !== 1 && td !== 0) throw new TensorError('0D or 1D target tensor expected, multi-target not supported');
  if (td === 1 && !(x1.ndim === 2 && x2.ndim === 2)) {
    throw new TensorError(`1D target tensor expects 2D input tensors, but found inputs with sizes ${sz(x1)} and ${sz(x2)}.`);
  }
  if (td === 0 && !(x1.ndim === 1 && x2.ndim === 1)) {
    throw new TensorError(`0D target tensor expects 1D input tensors, but found inputs with sizes ${sz(x1)} and ${sz(x2)}.`);
  }
  const EPSILON = 1e-12;
  return scope(() => {
    const prodSum = x1.mul(x2).sum(td);
    const mag1 = atenScalar('add', x1.mul(x1).sum(td), EPSILON), mag2 = atenScalar('add', x2.mul(x2).sum(td), EPSILON);
    const cos = prodSum.div(mag1.mul(mag2).sqrt_());
    const zeros = torchRef.zeros_like(cos);
    const pos = scalarMinus(1, cos);
    const neg = atenScalar('sub', cos, o.margin).clamp_min_(0);
    const outPos = torchRef.where(target.eq(1), pos, zeros), outNeg = torchRef.where(target.eq(-1), neg, zeros);
    return reduceLoss(outPos.add(outNeg), r);
  });
}

function poisson_nll_loss(...a) {
  const o = bind('poisson_nll_loss', a, ['input', 'target', 'log_input', 'full', 'size_average', 'eps', 'reduce', 'reduction'],
    { log_input: true, full: false, eps: 1e-8, reduction: 'mean' });
  const input = asTensor(o.input, 'poisson_nll_loss', 'input', 1), target = asTensor(o.target, 'poisson_nll_loss', 'target', 2);
  const red = legacyString(o);
  if (red !== 'none' && red !== 'mean' && red !== 'sum') throw new TensorError(`${red} is not valid`);
  return scope(() => {
    // ATen: exp(x) - t x for a log input, else x - t log(x + eps); full adds Stirling's term where t > 1
    let loss = o.log_input ? input.exp().sub(target.mul(input)) : input.sub(target.mul(atenScalar('add', input, o.eps).log()));
    if (o.full) {
      const stirling = target.mul(target.log()).sub(target).add(atenScalar('mul', atenScalar('mul', target, 2 * Math.PI).log(), 0.5));
      loss = loss.add_(stirling.masked_fill(target.le(1), 0));
    }
    return reduceLoss(loss, REDUCTIONS[red]);
  });
}

function gaussian_nll_loss(...a) {
  const o = bind('gaussian_nll_loss', a, ['input', 'target', 'var', 'full', 'eps', 'reduction'], { full: false, eps: 1e-6, reduction: 'mean' });
  const input = asTensor(o.input, 'gaussian_nll_loss', 'input', 1), target = asTensor(o.target, 'gaussian_nll_loss', 'target', 2);
  let v = asTensor(o.var, 'gaussian_nll_loss', 'var', 3);
  const is = Array.from(input.shape), vs = Array.from(v.shape), same = (p, q) => p.length === q.length && p.every((k, i) => k === q[i]);
  if (!same(vs, is)) {
    // homoscedastic: var one dim short of input, or with a last dim of 1
    if (same(is.slice(0, -1), vs)) v = v.unsqueeze(-1);
    else if (!(vs.length && same(is.slice(0, -1), vs.slice(0, -1)) && vs[vs.length - 1] === 1)) throw new TensorError('var is of incorrect size');
  }
  if (o.reduction !== 'none' && o.reduction !== 'mean' && o.reduction !== 'sum') throw new TensorError(`${o.reduction} is not valid`);
  if (scope(() => v.lt(0).any().item())) throw new TensorError('var has negative entry/entries');
  return scope(() => {
    v = v.clone();
    torchRef.no_grad(() => v.clamp_min_(o.eps));  // clamped for stability, not differentiated
    let loss = v.log().add(input.sub(target).pow(2).div(v)).mul(0.5);
    if (o.full) loss = loss.add_(0.5 * Math.log(2 * Math.PI));
    return o.reduction === 'mean' ? loss.mean() : o.reduction === 'sum' ? loss.sum() : loss;
  });
}

/** ATen's pairwise_distance: norm(x1 - x2 + eps, p, last dim). */
const pairwise = (x1, x2, p, eps) => atenScalar('add', x1.sub(x2), eps).norm(p, Math.max(x1.ndim, x2.ndim) - 1);

function triplet_margin_loss(...a) {
  const o = bind('triplet_margin_loss', a, ['anchor', 'positive', 'negative', 'margin', 'p', 'eps', 'swap', 'size_average', 'reduce', 'reduction'],
    { margin: 1.0, p: 2, eps: 1e-6, swap: false, reduction: 'mean' });
  const an = asTensor(o.anchor, 'triplet_margin_loss', 'anchor', 1), po = asTensor(o.positive, 'triplet_margin_loss', 'positive', 2);
  const ne = asTensor(o.negative, 'triplet_margin_loss', 'negative', 3);
  const r = enumOf(legacyString(o));
  if (an.ndim !== po.ndim || po.ndim !== ne.ndim) throw new TensorError(`All inputs should have same dimension but got ${an.ndim}D, ${po.ndim}D and ${ne.ndim}D inputs.`);
  return scope(() => {
    const dPos = pairwise(an, po, o.p, o.eps);
    let dNeg = pairwise(an, ne, o.p, o.eps);
    if (o.swap) dNeg = torchRef.minimum(dNeg, pairwise(po, ne, o.p, o.eps));
    return reduceLoss(atenScalar('add', dPos, o.margin).sub(dNeg).clamp_min(0), r);
  });
}

function multilabel_soft_margin_loss(...a) {
  const o = bind('multilabel_soft_margin_loss', a, ['input', 'target', 'weight', 'size_average', 'reduce', 'reduction'], { weight: null, reduction: 'mean' });
  const input = asTensor(o.input, 'multilabel_soft_margin_loss', 'input', 1), target = asTensor(o.target, 'multilabel_soft_margin_loss', 'target', 2);
  const red = legacyString(o);
  return scope(() => {
    // Python's 1 - target is rsub (RsubBackward1); F.logsigmoid when torch.nn has it (LogSigmoidBackward0); -softplus(-x) has the same values
    const F = torchRef.nn.functional;
    const logsigmoid = (t) => (F.logsigmoid ? F.logsigmoid(t) : F.softplus(t.neg()).neg());
    let loss = target.mul(logsigmoid(input)).add(target.rsub(1).mul(logsigmoid(input.neg()))).neg();
    if (o.weight !== null && o.weight !== undefined) loss = loss.mul(o.weight);
    const classDim = input.ndim - 1;
    loss = loss.sum(classDim).div(input.shape[classDim]);
    if (red === 'none') return loss;
    if (red === 'mean') return loss.mean();
    if (red === 'sum') return loss.sum();
    throw new TensorError(`${red} is not valid`);
  });
}

function multi_margin_loss(...a) {
  const o = bind('multi_margin_loss', a, ['input', 'target', 'p', 'margin', 'weight', 'size_average', 'reduce', 'reduction'],
    { p: 1, margin: 1.0, weight: null, reduction: 'mean' });
  const input = asTensor(o.input, 'multi_margin_loss', 'input', 1), target = asTensor(o.target, 'multi_margin_loss', 'target', 2);
  const r = enumOf(legacyString(o));
  if (o.p !== 1 && o.p !== 2) throw new TensorError('only p == 1 and p == 2 supported');
  const w = o.weight === null || o.weight === undefined ? null : asTensor(o.weight, 'multi_margin_loss', 'weight', 5);
  if (w && w.ndim !== 1) throw new TensorError('weight must be one-dimensional');
  return wrap(check(W.tp_margin_loss(NNLOSS.multi_margin, input._ptr, target._ptr, w ? w._ptr : 0, o.p, o.margin, r)));
}

function multilabel_margin_loss(...a) {
  const o = bind('multilabel_margin_loss', a, ['input', 'target', 'size_average', 'reduce', 'reduction'], { reduction: 'mean' });
  const input = asTensor(o.input, 'multilabel_margin_loss', 'input', 1), target = asTensor(o.target, 'multilabel_margin_loss', 'target', 2);
  const r = enumOf(legacyString(o));
  return wrap(check(W.tp_margin_loss(NNLOSS.multilabel_margin, input._ptr, target._ptr, 0, 0, 0, r)));
}

let torchRef = null;

/** The functions and module classes, given nn.js's Module (called from nn.js's install). */
export function makeLoss(torch, { Module }) {
  torchRef = torch;
  // a module's forward calls torch.nn.functional's function as Python's does, through the
  // argument layer's checks (js/core/arg_parser.js), so a hostile value kept by the constructor
  // fails as PyTorch's F.* fails on it
  /** torch.nn's _Loss: the legacy size_average / reduce decide `reduction` when given. */
  class _Loss extends Module {
    constructor(name, a, names, defaults) {
      super();
      const o = bind(`${name}.__init__`, a, names, { reduction: 'mean', ...defaults });
      this.reduction = names.includes('size_average') ? legacyString(o) : o.reduction;
      this._init(o);
    }
    _init() {}
  }
  const LEGACY = ['size_average', 'reduce', 'reduction'];
  class SmoothL1Loss extends _Loss {
    constructor(...a) { super('SmoothL1Loss', a, [...LEGACY, 'beta'], { beta: 1.0 }); }
    _init(o) { this.beta = o.beta; }
    forward(input, target) { return torchRef.nn.functional.smooth_l1_loss(input, target, { reduction: this.reduction, beta: this.beta }); }
  }
  class HuberLoss extends _Loss {
    constructor(...a) { super('HuberLoss', a, ['reduction', 'delta'], { delta: 1.0 }); }
    _init(o) { this.delta = o.delta; }
    forward(input, target) { return torchRef.nn.functional.huber_loss(input, target, { reduction: this.reduction, delta: this.delta }); }
  }
  class KLDivLoss extends _Loss {
    constructor(...a) { super('KLDivLoss', a, [...LEGACY, 'log_target'], { log_target: false }); }
    _init(o) { this.log_target = o.log_target; }
    forward(input, target) { return torchRef.nn.functional.kl_div(input, target, { reduction: this.reduction, log_target: this.log_target }); }
  }
  class SoftMarginLoss extends _Loss {
    constructor(...a) { super('SoftMarginLoss', a, LEGACY, {}); }
    forward(input, target) { return torchRef.nn.functional.soft_margin_loss(input, target, { reduction: this.reduction }); }
  }
  class MarginRankingLoss extends _Loss {
    constructor(...a) { super('MarginRankingLoss', a, ['margin', ...LEGACY], { margin: 0 }); }
    _init(o) { this.margin = o.margin; }
    forward(input1, input2, target) { return torchRef.nn.functional.margin_ranking_loss(input1, input2, target, { margin: this.margin, reduction: this.reduction }); }
  }
  class HingeEmbeddingLoss extends _Loss {
    constructor(...a) { super('HingeEmbeddingLoss', a, ['margin', ...LEGACY], { margin: 1.0 }); }
    _init(o) { this.margin = o.margin; }
    forward(input, target) { return torchRef.nn.functional.hinge_embedding_loss(input, target, { margin: this.margin, reduction: this.reduction }); }
  }
  class CosineEmbeddingLoss extends _Loss {
    constructor(...a) { super('CosineEmbeddingLoss', a, ['margin', ...LEGACY], { margin: 0 }); }
    _init(o) { this.margin = o.margin; }
    forward(input1, input2, target) { return torchRef.nn.functional.cosine_embedding_loss(input1, input2, target, { margin: this.margin, reduction: this.reduction }); }
  }
  class PoissonNLLLoss extends _Loss {
    constructor(...a) {
      super('PoissonNLLLoss', a, ['log_input', 'full', 'size_average', 'eps', 'reduce', 'reduction'], { log_input: true, full: false, eps: 1e-8 });
    }
    _init(o) { Object.assign(this, { log_input: o.log_input, full: o.full, eps: o.eps }); }
    forward(log_input, target) {
      return torchRef.nn.functional.poisson_nll_loss(log_input, target, { log_input: this.log_input, full: this.full, eps: this.eps, reduction: this.reduction });
    }
  }
  class GaussianNLLLoss extends Module {
    constructor(...a) {
      super();
      // keyword-only in 1.13: GaussianNLLLoss(*, full, eps, reduction)
      if (a.length > 1 || (a.length === 1 && !isOptions(a[0]))) throw new TypeError(`GaussianNLLLoss.__init__() takes 1 positional argument but ${a.length + 1} were given`);
      const k = splitOptions('GaussianNLLLoss.__init__', a, ['full', 'eps', 'reduction'])[1];
      this.reduction = k.reduction ?? 'mean';
      this.full = k.full ?? false;
      this.eps = k.eps ?? 1e-6;
    }
    forward(input, target, v) { return torchRef.nn.functional.gaussian_nll_loss(input, target, v, { full: this.full, eps: this.eps, reduction: this.reduction }); }
  }
  class TripletMarginLoss extends _Loss {
    constructor(...a) { super('TripletMarginLoss', a, ['margin', 'p', 'eps', 'swap', ...LEGACY], { margin: 1.0, p: 2, eps: 1e-6, swap: false }); }
    _init(o) { Object.assign(this, { margin: o.margin, p: o.p, eps: o.eps, swap: o.swap }); }
    forward(anchor, positive, negative) {
      return torchRef.nn.functional.triplet_margin_loss(anchor, positive, negative, { margin: this.margin, p: this.p, eps: this.eps, swap: this.swap, reduction: this.reduction });
    }
  }
  class MultiLabelSoftMarginLoss extends _Loss {
    constructor(...a) { super('MultiLabelSoftMarginLoss', a, ['weight', ...LEGACY], { weight: null }); }
    _init(o) { this.register_buffer('weight', o.weight ?? null); }
    forward(input, target) { return torchRef.nn.functional.multilabel_soft_margin_loss(input, target, { weight: this.weight, reduction: this.reduction }); }
  }
  class MultiMarginLoss extends _Loss {
    constructor(...a) { super('MultiMarginLoss', a, ['p', 'margin', 'weight', ...LEGACY], { p: 1, margin: 1.0, weight: null }); }
    _init(o) {
      if (o.p !== 1 && o.p !== 2) throw new TensorError('only p == 1 and p == 2 supported');
      this.register_buffer('weight', o.weight ?? null);
      Object.assign(this, { p: o.p, margin: o.margin });
    }
    forward(input, target) { return torchRef.nn.functional.multi_margin_loss(input, target, { p: this.p, margin: this.margin, weight: this.weight, reduction: this.reduction }); }
  }
  class MultiLabelMarginLoss extends _Loss {
    constructor(...a) { super('MultiLabelMarginLoss', a, LEGACY, {}); }
    forward(input, target) { return torchRef.nn.functional.multilabel_margin_loss(input, target, { reduction: this.reduction }); }
  }
  return {
    functional: { smooth_l1_loss, huber_loss, kl_div, soft_margin_loss, margin_ranking_loss, hinge_embedding_loss, cosine_embedding_loss, poisson_nll_loss,
      gaussian_nll_loss, triplet_margin_loss, multilabel_soft_margin_loss, multi_margin_loss, multilabel_margin_loss },
    classes: { SmoothL1Loss, HuberLoss, KLDivLoss, SoftMarginLoss, MarginRankingLoss, HingeEmbeddingLoss, CosineEmbeddingLoss, PoissonNLLLoss,
      GaussianNLLLoss, TripletMarginLoss, MultiLabelSoftMarginLoss, MultiMarginLoss, MultiLabelMarginLoss },
  };
}
