// Compiled (not run) by tests/js/types.test.mjs: the README's and docs' usage must type-check.
import torch, { Tensor } from '../../js/tensorpad.js';

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
void [n, s, shared, live, kept, z, g, name, gw, noGrad, dot];
