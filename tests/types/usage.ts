// Compiled (not run) by tests/js/types.test.mjs: the README's and docs' usage must type-check.
import torch, { Tensor, Generator } from '../../js/tensorpad.js';

const x: Tensor = torch.tensor([[1, 2], [3, 4]], { dtype: torch.float32 });
const y: Tensor = x.T.contiguous().view(4).reshape([2, 2]);
const n: number = y.numel();
const s: string = String(y.shape);
const a = torch.heap_array(Float32Array, 3);
const f: Float32Array = a;
const t = torch.from_numpy(f);
const shared: boolean = torch.shares_memory(t, a);
torch.manual_seed(0);
const r = torch.rand(2, 3, { dtype: torch.float64 });
const st = torch.memory_stats();
const live: number = st.live_tensors;
const kept = torch.scope(() => torch.keep(r.clone()));
const z = torch.zeros(2, 3).index(0, '1:').index_put_([0], 5);
torch.set_printoptions({ precision: 2, sci_mode: false });
const w = torch.tensor([1.5, 2.5], { requires_grad: true });
const loss: Tensor = w.mul(w).sum();
loss.backward({ retain_graph: true });
const g: Tensor | null = w.grad;
const name: string | undefined = loss.grad_fn?.name();
const [gw] = torch.autograd.grad(loss, [w]);
const noGrad: Tensor = torch.no_grad(() => w.mul(2));
const dot: string = torch.autograd.to_dot(loss);
const model = new torch.nn.Sequential(new torch.nn.Linear(2, 8), new torch.nn.ReLU(), new torch.nn.Linear(8, 2));
const opt = new torch.optim.Adam(model.parameters(), { lr: 0.01 });
const ce: Tensor = torch.nn.functional.cross_entropy(model.call(torch.randn(4, 2)), torch.tensor([0, 1, 1, 0]));
ce.backward();
opt.step();
opt.zero_grad({ set_to_none: true });
const sgd = new torch.optim.SGD(model.parameters(), { lr: 0.1, momentum: 0.9 });
const names: string[] = model.named_parameters().map(([k]) => k);
const lin = new torch.nn.Linear(3, 1, { bias: false });
const wt: Tensor = lin.weight;
const mse: Tensor = new torch.nn.MSELoss({ reduction: 'sum' }).call(lin.call(torch.ones(2, 3)), torch.zeros(2, 1));
void [n, s, shared, live, kept, z, g, name, gw, noGrad, dot, sgd, names, wt, mse, model.eval().training];

// sorting, selection and the reductions around them
{
  const s = torch.tensor([3, 1, 2]);
  const sorted: Tensor = s.sort({ descending: true, stable: true }).values;
  const idx: Tensor = s.topk(2).indices.add(s.argsort()).add(s.kthvalue(1, 0, true).indices);
  const mm = s.aminmax({ dim: 0 });
  const qs: Tensor = s.float().quantile(torch.tensor([0.25, 0.75]), 0, false, { interpolation: 'midpoint' });
  const parts = s.unique({ return_counts: true });
  const [v0, i0] = s.sort();
  void [v0.add(i0)];
  void [sorted, idx, mm.min, mm.max, qs, parts, s.median(), s.median(0).values, s.cummax(0).indices, s.diff({ n: 2 }), s.bincount()];
}

// random sampling and small linear algebra (js/tensor/random.js, js/linalg/det_inverse.js)
{
  const p = torch.rand(4);
  const draws: Tensor = torch.bernoulli(p);
  const idx: Tensor = torch.multinomial(p, 2, { replacement: true });
  const perm: Tensor = torch.randperm(5, { dtype: torch.int32 });
  const n: Tensor = torch.normal(p, 0.5).add(torch.poisson(p));
  p.exponential_(2).geometric_(0.5).cauchy_().log_normal_(0, 1).bernoulli_(0.5).random_();
  const A = torch.eye(3);
  const d: Tensor = torch.linalg.det(A);
  const { sign, logabsdet } = torch.slogdet(A);
  const inv: Tensor = A.inverse();
  void [draws, idx, perm, n, d, sign, logabsdet, inv, torch.linalg.inv(A), A.logdet()];
}

// more shape and view ops (js/tensor/diag_views_scatter.js)
const sq = torch.arange(9, { dtype: torch.float32 }).reshape(3, 3);
const dg: Tensor = sq.diagonal(1).add(sq.diag()).add(torch.trace(sq));
const pieces: Tensor[] = sq.tensor_split([1, 2], 1);
const moved: Tensor = torch.movedim(sq.unsqueeze(0), [0, 1], [2, 0]).unfold(0, 2, 1);
const same: boolean = sq.t_().is_same_size(sq.clone()) && sq.is_signed();
const addr: number = sq.data_ptr();
void [dg, pieces, moved, same, addr, sq.rot90(1, [0, 1]).take(torch.tensor([0, 4]))];
const mv2: Tensor = torch.addmv(torch.zeros(3), sq, torch.ones(3), { beta: 0, alpha: 2 }).add(sq.inner(sq).sum());
void [mv2, torch.kron(sq, sq).matrix_power(2), sq.cross(sq, 1), torch.vdot(torch.ones(2), torch.ones(2))];
const sc2: Tensor = torch.select_scatter(sq, torch.ones(3), 0, 1).masked_scatter(sq.gt(2), torch.zeros(9)).put(torch.tensor([0]), torch.ones(1));
void [sc2, torch.empty_strided([2, 2], [1, 2]), sq.new_empty_strided([3], [1], { dtype: torch.float64 })];
void sq.scatter_reduce(0, torch.tensor([[0, 1, 2]]), torch.ones(1, 3), 'amax', { include_self: false });
void sq.index_reduce(0, torch.tensor([0, 0, 1]), torch.ones(3, 3), 'mean');

// decompositions and solvers (js/linalg/decomp.js)
{
  const A = torch.eye(3).mul(2);
  const x: Tensor = torch.linalg.solve(A, torch.ones(3));
  const L: Tensor = torch.linalg.cholesky(A, { upper: true });
  const U: Tensor = A.cholesky(true).add(torch.cholesky(A, { upper: false }));
  const { solution, cloned_coefficient } = torch.ones(3, 1).triangular_solve(L, true);
  const y: Tensor = torch.linalg.solve_triangular(L, torch.ones(3, 2), { upper: true, left: true });
  const z: Tensor = torch.cholesky_solve(torch.ones(3, 1), L, true).add(L.cholesky_inverse(true));
  const { LU, pivots } = torch.linalg.lu_factor(A);
  const [LU2, piv2] = A.lu();
  const w: Tensor = torch.lu_solve(torch.ones(3, 1), LU2, piv2).add(torch.linalg.lu_solve(LU, pivots, torch.ones(3, 1), { adjoint: true }));
  const { Q, R } = torch.linalg.qr(A, 'complete');
  const q2: Tensor = A.qr(true).Q.add(torch.qr(A, { some: false }).R);
  const { eigenvalues, eigenvectors } = torch.linalg.eigh(A, 'U');
  const ev: Tensor = torch.linalg.eigvalsh(A, { UPLO: 'L' });
  void [x, L, U, solution, cloned_coefficient, y, z, w, Q, R, q2, eigenvalues, eigenvectors, ev];
}

// generators (js/core/generator.js)
{
  const g: Generator = new torch.Generator().manual_seed(42);
  const x: Tensor = torch.rand(3, { generator: g });
  x.normal_(0, 1, { generator: g }).uniform_({ from: -1, to: 1, generator: g }).exponential_(2, { generator: g });
  const s: number | bigint = g.initial_seed();
  const state: Tensor = torch.get_rng_state();
  torch.set_rng_state(state);
  g.set_state(g.get_state());
  const same: Generator = torch.manual_seed(7);
  const forked: Tensor = torch.random.fork_rng(() => torch.randn(2));
  void [x, s, same === torch.default_generator, torch.multinomial(x.abs(), 2, { generator: g }), torch.seed(), forked];
}

{
  // the SVD and what is built on it (js/linalg/svd.js)
  const A = torch.randn(4, 3);
  const { U, S, Vh } = torch.linalg.svd(A, { full_matrices: false });
  const sv: Tensor = torch.linalg.svdvals(A).add(A.svd().V.sum()).add(torch.svd(A, true, false).S.sum());
  const p: Tensor = torch.linalg.pinv(A, { rtol: 1e-5 }).add(torch.linalg.pinv(A, 1e-15)).add(A.pinverse()).add(torch.pinverse(A, 0.1));
  const e: Tensor = torch.linalg.matrix_exp(torch.eye(3)).add(torch.eye(3).matrix_exp()).add(torch.matrix_exp(torch.eye(3)));
  const { eigenvalues, eigenvectors } = torch.eye(3).symeig(true);
  const l2: Tensor = torch.symeig(torch.eye(3), { eigenvectors: true, upper: false }).eigenvalues;
  const { a, tau } = torch.geqrf(A);
  const h: Tensor = torch.linalg.householder_product(a, tau).add(a.orgqr(tau)).add(torch.orgqr(a, tau));
  const o: Tensor = torch.ormqr(a, tau, torch.eye(4), { left: true, transpose: true }).add(A.geqrf().a.ormqr(tau, torch.eye(4), false, true));
  const rk: Tensor = torch.linalg.matrix_rank(A).add(torch.linalg.matrix_rank(A, { atol: 1e-3, hermitian: false }));
  const { solution, residuals, rank } = torch.linalg.lstsq(A, torch.ones(4, 2), { driver: 'gelsd' });
  void [U, S, Vh, sv, p, e, eigenvalues, eigenvectors, l2, h, o, rk, solution, residuals, rank];
}

// torch.* functions that are not Tensor methods (js/torch/functional.js)
{
  const a = torch.tensor([1, 2, 3], { dtype: torch.float32 }), b = torch.tensor([4, 5], { dtype: torch.float32 });
  const [X, Y] = torch.meshgrid(a, b, { indexing: 'xy' });
  const grids: Tensor[] = torch.meshgrid([a, b]);
  const r: Tensor = torch.range(0, 1, 0.25, { dtype: torch.float64 });
  const shape: number[] = torch.broadcast_shapes([3], [2, 1]);
  const [ba, bb] = torch.broadcast_tensors(a, b.unsqueeze(1));
  const one: Tensor = torch.atleast_2d(a);
  const many: Tensor[] = torch.atleast_3d(a, b);
  const st: Tensor = torch.column_stack([a, a]).add(torch.row_stack([a, a]).t()).sum().add(torch.dstack([a]).sum());
  const idx: Tensor = torch.tril_indices(3, 3, { offset: 1 }).add(torch.triu_indices(3, 3, 1));
  const [sd, mean] = torch.std_mean(a, 0);
  const e: Tensor = torch.einsum('i,j->ij', a, b).add(torch.einsum('ij,jk->ik', [X, Y.t()]).sum());
  const td: Tensor = torch.tensordot(X, Y, [[0, 1], [0, 1]]).add(torch.tensordot(X, Y.t(), 1).sum());
  const d: Tensor = torch.cdist(X, Y, 1).add(torch.cosine_similarity(X, Y).sum()).add(torch.pairwise_distance(X, Y, { keepdim: true }).sum());
  const misc: Tensor[] = [torch.block_diag(X, a), torch.cartesian_prod(a, b), torch.combinations(a, { r: 2 }), torch.vander(a, { N: 4, increasing: true })];
  const s: Tensor = torch.searchsorted(a, b, { right: true }).add(torch.bucketize(2.5, a)).add(torch.isin(a, b, { invert: true }).sum());
  const tr: Tensor = torch.trapezoid(a, { dx: 0.5 }).add(torch.trapz(a, a)).add(torch.cumulative_trapezoid(a).sum());
  const threads: number = torch.get_num_threads();
  torch.set_num_threads(1);
  void [X, Y, grids, r, shape, ba, bb, one, many, st, idx, sd, mean, e, td, d, misc, s, tr, threads, torch.abs_(a), torch.is_anomaly_enabled(), torch.can_cast(torch.int64, torch.float32),
    torch.hann_window(8), torch.hamming_window(8, false, 0.5), torch.kaiser_window(8, { beta: 5 }), torch.blackman_window(4, { dtype: torch.float64 }),
    torch.linalg.multi_dot([X, Y.t(), a.index('0:2')]), torch.chain_matmul(X, Y.t()), torch.pdist(X, 1)];
}

// LayerNorm, BatchNorm, Embedding, buffers, AdamW/RMSprop/Adagrad, lr_scheduler (js/nn/nn.js, js/optim/optim.js)
{
  const { nn, optim } = torch;
  const F = nn.functional;
  const ln = new nn.LayerNorm([3, 4], { eps: 1e-6 });
  const bn = new nn.BatchNorm2d(3, { momentum: null });
  const emb = new nn.Embedding(10, 4, { padding_idx: 0 });
  const x: Tensor = ln.call(torch.randn(2, 3, 4));
  const y: Tensor = bn.call(torch.randn(2, 3, 4, 4));
  const z: Tensor = emb.call(torch.tensor([1, 2]));
  const f: Tensor = F.layer_norm(x, [4], null, null, 1e-5).add(F.batch_norm(y, null, null, { training: true }).sum()).sum().add(F.embedding(torch.tensor([0]), emb.weight).sum());
  const bufs: Array<[string, Tensor]> = bn.named_buffers();
  const rm: Tensor | null = bn.running_mean;
  const opt = new optim.AdamW(emb.parameters(), { weight_decay: 0.1, amsgrad: true });
  const rms = new optim.RMSprop(ln.parameters(), { momentum: 0.9, centered: true });
  const ada = new optim.Adagrad(bn.parameters(), { lr_decay: 0.01 });
  const s1 = new optim.lr_scheduler.StepLR(opt, 10, { gamma: 0.5 });
  const s2 = new optim.lr_scheduler.CosineAnnealingLR(rms, { T_max: 20 });
  const s3 = new optim.lr_scheduler.LambdaLR(ada, (e) => 0.9 ** e);
  const plateau = new optim.lr_scheduler.ReduceLROnPlateau(opt, { patience: 3 });
  opt.step(); s1.step(); s2.step(); s3.step(); plateau.step(f);
  const lrs: number[] = s1.get_last_lr();
  void [z, bufs, rm, lrs, bn.buffers().length];
}

// convolution and pooling (js/nn/conv.js)
{
  const { nn } = torch;
  const F = nn.functional;
  const conv = new nn.Conv2d(1, 8, 3, { padding: 1 });
  const x = torch.randn(2, 1, 8, 8);
  const y: Tensor = F.max_pool2d(conv.call(x).relu(), 2);
  const z: Tensor = F.avg_pool2d(y, 2, { count_include_pad: false }).add(F.adaptive_avg_pool2d(y, [2, null]));
  const c1: Tensor = F.conv1d(torch.randn(1, 2, 5), torch.randn(3, 2, 2), null, { padding: 'same' });
  const c2: Tensor = torch.conv2d(x, conv.weight, conv.bias, 1, 'valid');
  const model = new nn.Sequential(new nn.Conv1d(2, 4, 3), new nn.MaxPool2d(2), new nn.AvgPool2d(2, { stride: 1 }),
    new nn.AdaptiveAvgPool2d(1), new nn.Flatten(), new nn.Unflatten(1, [2, 2]));
  void [z, c1, c2, model, torch.max_pool2d(x, 2)];
}

// transposed convolution (js/nn/conv.js)
{
  const { nn } = torch;
  const F = nn.functional;
  const x = torch.randn(1, 4, 5, 5);
  const up = new nn.ConvTranspose2d(4, 2, 3, { stride: 2, padding: 1, output_padding: 1 });
  const a: Tensor = up.call(x);
  const b: Tensor = up.forward(x, [9, 9]);
  const c: Tensor = F.conv_transpose2d(x, up.weight, up.bias, { stride: 2 });
  const d: Tensor = F.conv_transpose1d(torch.randn(1, 4, 5), torch.randn(4, 3, 3), null, 2, 1, 1, 1, 1);
  const e: Tensor = torch.conv_transpose2d(x, up.weight).add(new nn.ConvTranspose1d(4, 2, 3).call(torch.randn(4, 5)).sum());
  void [a, b, c, d, e];
}

// 1-D pooling and adaptive max pooling (js/nn/conv.js)
{
  const { nn } = torch;
  const F = nn.functional;
  const x = torch.randn(2, 3, 9);
  const a: Tensor = F.max_pool1d(x, 3, { stride: 2, padding: 1 });
  const b: Tensor = F.avg_pool1d(x, 3, 2, 1, true, false).add(F.adaptive_avg_pool1d(x, 4)).add(F.adaptive_max_pool1d(x, 4));
  const [v, idx] = F.adaptive_max_pool2d(torch.randn(1, 2, 5, 5), [3, null], true);
  const model = new nn.Sequential(new nn.MaxPool1d(2), new nn.AvgPool1d(2, { stride: 1 }), new nn.AdaptiveAvgPool1d(3),
    new nn.AdaptiveMaxPool1d(2));
  const m2: Tensor = new nn.AdaptiveMaxPool2d(2).call(torch.randn(1, 2, 5, 5));
  void [a, b, v, idx, model, m2];
}

// upsampling (js/nn/conv.js interpolate)
{
  const { nn } = torch;
  const F = nn.functional;
  const x = torch.randn(1, 2, 4, 4);
  const a: Tensor = F.interpolate(x, { scale_factor: 2, mode: 'bilinear', align_corners: false });
  const b: Tensor = F.interpolate(torch.randn(1, 2, 5), 8, null, 'linear', true);
  const up = new nn.Upsample({ scale_factor: 2, mode: 'nearest' });
  const c: Tensor = up.call(x).add(new nn.UpsamplingBilinear2d({ size: [8, 8] }).call(x));
  const d: Tensor = new nn.UpsamplingNearest2d(null, 2).forward(x);
  void [a, b, c, d, up.scale_factor, F.upsample_nearest(x, [3, 3])];
}

// torch.set_default_dtype / get_default_dtype
{
  torch.set_default_dtype(torch.float64);
  const d = torch.get_default_dtype();
  const isFloat: boolean = d.is_floating_point;
  torch.set_default_dtype(torch.float32);
  void [d, isFloat];
}

// recurrent layers (js/nn/rnn.js)
{
  const { nn } = torch;
  const cell = new nn.LSTMCell(3, 4);
  const [h, c]: [Tensor, Tensor] = cell.call(torch.randn(2, 3));
  const g: Tensor = new nn.GRUCell(3, 4, false).call(torch.randn(3), null);
  const r: Tensor = new nn.RNNCell(3, 4, { nonlinearity: 'relu' }).call(torch.randn(2, 3), h);
  const lstm = new nn.LSTM(3, 5, { num_layers: 2, batch_first: true });
  const [out, [hn, cn]] = lstm.call(torch.randn(2, 7, 3));
  const [o2, h2]: [Tensor, Tensor] = new nn.GRU(3, 5, 1, true, false, 0, true).call(torch.randn(7, 3));
  const w: Tensor = lstm.weight_ih_l0;
  const ws: Tensor[][] = new nn.RNN(3, 5, { nonlinearity: 'tanh' }).all_weights;
  void [c, g, r, out, hn, cn, o2, h2, w, ws];
}

// more losses (js/nn/loss.js)
{
  const { nn } = torch;
  const F = nn.functional;
  const x = torch.randn(3, 4, { requires_grad: true }), y = torch.randn(3, 4), t = torch.tensor([1, -1, 1]);
  const a: Tensor = F.smooth_l1_loss(x, y, { beta: 0.5 }).add(F.huber_loss(x, y, { delta: 2 }));
  const b: Tensor = F.kl_div(x.log_softmax(1), y.softmax(1), { reduction: 'batchmean' }).add(F.soft_margin_loss(x, y.sign()));
  const c: Tensor = F.margin_ranking_loss(x, y, y.sign(), 0.1).add(F.hinge_embedding_loss(x, y.sign(), { margin: 2 }));
  const d: Tensor = F.cosine_embedding_loss(x, y, t, { margin: 0.2 }).add(F.poisson_nll_loss(x, y.abs(), { full: true }));
  const m = new nn.MarginRankingLoss(0.5);
  const e: Tensor = m.call(x, y, y.sign()).add(new nn.CosineEmbeddingLoss().call(x, y, t));
  const f: Tensor = new nn.SmoothL1Loss({ beta: 0.5 }).call(x, y).add(new nn.HuberLoss().call(x, y))
    .add(new nn.KLDivLoss({ reduction: 'batchmean', log_target: true }).call(x, y)).add(new nn.SoftMarginLoss().call(x, y))
    .add(new nn.HingeEmbeddingLoss(1.5).call(x, y.sign())).add(new nn.PoissonNLLLoss({ log_input: false }).call(x.abs(), y.abs()));
  const g: Tensor = F.gaussian_nll_loss(x, y, y.abs(), { full: true }).add(F.triplet_margin_loss(x, y, y.neg(), { swap: true }))
    .add(F.multilabel_soft_margin_loss(x, y.gt(0).float(), { weight: torch.ones(4) }));
  const h: Tensor = new nn.GaussianNLLLoss({ eps: 0.1 }).call(x, y, y.abs()).add(new nn.TripletMarginLoss(0.5).call(x, y, y.neg()))
    .add(new nn.MultiLabelSoftMarginLoss().call(x, y.gt(0).float()));
  const cls = torch.tensor([1, 0, 3]);
  const k: Tensor = F.multi_margin_loss(x, cls, 2, 0.5).add(F.multi_margin_loss(x, cls, { weight: torch.ones(4) }))
    .add(F.multilabel_margin_loss(x, torch.tensor([[1, -1, 0, 0], [0, 2, -1, 0], [3, -1, 0, 0]]), { reduction: 'sum' }));
  const mm = new nn.MultiMarginLoss({ p: 2, margin: 0.5 });
  const l: Tensor = mm.call(x, cls).add(new nn.MultiLabelMarginLoss().call(x, torch.zeros(3, 4, { dtype: torch.int64 })));
  void [a, b, c, d, e, f, g, h, k, l, m.margin, mm.p];
}

// torch.nn activations (js/nn/activation.js)
{
  const { nn } = torch;
  const F = nn.functional;
  const x = torch.randn(2, 4);
  const a: Tensor = F.elu(x, 0.5).add(F.selu(x)).add(F.celu(x, { alpha: 2 })).add(F.hardtanh(x, -2, 2)).add(F.relu6(x));
  const b: Tensor = F.hardsigmoid(x).add(F.hardswish(x)).add(F.mish(x)).add(F.logsigmoid(x)).add(F.softsign(x));
  const c: Tensor = F.softshrink(x, 0.5).add(F.hardshrink(x)).add(F.tanhshrink(x)).add(F.threshold(x, 0.1, 20));
  const d: Tensor = F.glu(x, 1).sum().add(F.prelu(x, torch.tensor([0.25]))).add(F.softmin(x, 1)).add(F.rrelu(x, { training: false }));
  F.elu_(x.clone());
  F.hardtanh(x.clone(), { inplace: true });
  const p = new nn.PReLU(4, 0.1);
  const model = new nn.Sequential(new nn.Linear(4, 4), new nn.ELU(), new nn.SELU(true), new nn.CELU(), new nn.Hardtanh(-1, 1),
    new nn.ReLU6(), new nn.Hardsigmoid(), new nn.Hardswish(), new nn.Mish(), new nn.LogSigmoid(), new nn.Softsign(),
    new nn.Softshrink(0.5), new nn.Hardshrink(), new nn.Tanhshrink(), new nn.Threshold(0.1, 20), p, new nn.Softmin(1),
    new nn.RReLU(), new nn.GLU());
  void [a, b, c, d, model, p.weight, torch.selu(x), torch.threshold(x, 0, 1)];
}

// one_hot, pad, normalize and their modules (js/nn/activation.js)
{
  const { nn } = torch;
  const F = nn.functional;
  const x = torch.randn(1, 2, 3, 4);
  const oh: Tensor = F.one_hot(torch.tensor([0, 2]), 3);
  const p: Tensor = F.pad(x, [1, 1]).add(0).sum().add(F.pad(x, [1, 1, 2, 0], { mode: 'reflect' }).sum()).add(F.pad(x, [1, 1, 1, 1], 'circular').sum());
  const n: Tensor = F.normalize(x, { dim: -1 }).add(F.cosine_similarity(x, x)).sum().add(F.pairwise_distance(x, x).sum());
  const mods = [new nn.ZeroPad2d(1), new nn.ConstantPad2d([1, 1, 0, 0], 2), new nn.ConstantPad3d(1, 0), new nn.Softmax2d(), new nn.ReflectionPad2d(1), new nn.ReplicationPad2d(1)];
  const d: Tensor = new nn.CosineSimilarity({ dim: 1 }).call(x, x).add(new nn.PairwiseDistance().call(x, x));
  void [oh, p, n, mods.map((m) => m.call(x)), d, torch.constant_pad_nd(x, [1, 1], 0), new nn.ReflectionPad1d(2).padding];
}

// ModuleDict, ParameterList, ParameterDict (js/nn/activation.js)
{
  const { nn } = torch;
  const md = new nn.ModuleDict({ fc: new nn.Linear(2, 3), act: new nn.ReLU() });
  const y: Tensor = md.get('act').call(md.get('fc').call(torch.ones(1, 2)));
  const pl = new nn.ParameterList([torch.ones(2)]).append(new nn.Parameter(torch.zeros(2)));
  const pd = new nn.ParameterDict({ w: torch.ones(2) });
  const w: Tensor = pd.get('w').add(pl.get(-1)).add(pl[0]);
  const keys: string[] = [...md.keys(), ...pd.keys()];
  void [y, w, keys, pl.length, [...pl].length, md.items().length];
}

// torch.utils.data (js/utils/data/data.js)
{
  const { TensorDataset, DataLoader, Dataset, random_split, RandomSampler, BatchSampler, SequentialSampler } = torch.utils.data;
  const ds = new TensorDataset(torch.randn(10, 3), torch.arange(10));
  const [train, val] = random_split(ds, [0.8, 0.2], { generator: new torch.Generator().manual_seed(0) });
  const loader = new DataLoader<Tensor[]>(train, { batch_size: 4, shuffle: true, drop_last: false });
  for (const [xb, yb] of loader) void [xb.add(1), yb.sum()];
  class Squares extends Dataset<number> {
    getitem(i: number): number { return i * i; }
    len(): number { return 5; }
  }
  const sq = new Squares();
  const batches: number[][] = [...new BatchSampler(new RandomSampler(sq, { replacement: true, num_samples: 7 }), 3, true)];
  const n: number = loader.length + val.len() + sq.length + new SequentialSampler([1, 2]).length;
  const c: Tensor = torch.utils.data.default_collate([1, 2, 3]);
  const wl = new DataLoader(ds, { batch_size: 2, sampler: new torch.utils.data.WeightedRandomSampler([1, 2, 3], 4, { generator: new torch.Generator() }) });
  void [batches, n, c, new DataLoader(sq, { batch_size: null }).len(), wl.length];
}
