// Compiled (not run) by tests/js/types.test.mjs: the return types the dtype of a call decides,
// and names that must not type-check (each `@ts-expect-error` line must be an error, or tsc
// reports the directive as unused).
import torch, { Tensor } from '../../js/tensorpad.js';
// nn's classes are exported as types only: the module's values are torch and a few helpers
import type { Linear } from '../../js/tensorpad.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
const is = <A, B>(ok: Equal<A, B>) => ok;

const x = torch.tensor([[1, 2], [3, 4]], { dtype: torch.float32 });
const mask = x.gt(2);
const flags = torch.tensor([true, false]);
const zb = torch.zeros(3, { dtype: torch.bool });
const unknown: Tensor = torch.randn(2);

is<ReturnType<typeof x.item>, number>(true);
is<ReturnType<typeof unknown.item>, number>(true);
is<ReturnType<typeof mask.item>, boolean>(true);
is<ReturnType<typeof flags.item>, boolean>(true);
is<ReturnType<typeof zb.item>, boolean>(true);
is<typeof mask, Tensor<'bool'>>(true);
is<ReturnType<typeof mask.view>, Tensor<'bool'>>(true);          // views keep the dtype
is<ReturnType<typeof mask.float>, Tensor>(true);
is<ReturnType<typeof x.bool>, Tensor<'bool'>>(true);
is<ReturnType<ReturnType<typeof x.isnan>['any']>['item'], () => boolean>(true);
is<typeof torch.bool.name, 'bool'>(true);
const sum: number = x.sum().item() + mask.sum().item();         // a sum of bools is an int64 tensor
const any: boolean = mask.any().item() && torch.eq(x, x).all().item();
const fill: boolean = torch.full([2], true, { dtype: torch.bool }).item();
const cast: boolean = x.to(torch.bool).item();
let y = x.float();                                                // numeric dtypes stay plain Tensor:
y = y.double();                                                   // reassignment across dtypes type-checks
const [g] = torch.autograd.grad(x.sum(), x);                     // no null entries without allow_unused
g.zero_();
const [maybe] = torch.autograd.grad(x.sum(), [x], { allow_unused: true });
is<typeof maybe, Tensor | null>(true);
void [sum, any, fill, cast, y];
const lin: Linear = new torch.nn.Linear(2, 3);
lin.weight.zero_();

// @ts-expect-error: no such function
torch.tensr([1]);
// @ts-expect-error: no such method
x.tanhh();
// @ts-expect-error: a bool tensor's item() is a boolean
mask.item().toFixed(2);
// @ts-expect-error: .grad is null until a backward reaches x
x.grad.zero_();
// @ts-expect-error: grad_fn is null for a leaf
x.grad_fn.name();
// @ts-expect-error: torch.nn's classes are constructed with new
torch.nn.Linear(2, 3);
// @ts-expect-error: Linear is a type here (tensorpad exports no value Linear: `import { Linear }` then `new Linear` fails at run time)
new Linear(2, 3);
