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

// random sampling and small linear algebra (js/random.js, js/linalg2.js)
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

// more shape and view ops (js/shape_more.js)
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

// decompositions and solvers (js/decomp.js)
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

// generators (js/generator.js)
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

// convolution and pooling (js/conv.js)
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
