# Which error an in-place binary op raises first when several apply: TensorIterator checks the
# overlap, the shapes and the cast of the result before the kernel's own dtype and alpha checks;
# pow_ with a Python exponent (and square_) wants the result dtype ("Found dtype ... but expected").
import torch
i = torch.tensor([1, 2], dtype=torch.int32); b = torch.tensor([True, False]); f = torch.tensor([1.5, 2.])
for c in ["i.clone().bitwise_and_(f)", "i.clone().bitwise_and_(torch.tensor(1.5, dtype=torch.float64))", "f.clone().bitwise_and_(1)", "b.clone().pow_(2)", "b.clone().pow_(b)", "i.clone().add_(1, alpha=1.5)", "i.clone().add_(f, alpha=1.5)", "i.clone().add_(torch.ones(3), alpha=1.5)", "b.clone().sub_(b)", "b.clone().remainder_(b)", "i.clone().bitwise_and_(torch.ones(3))", "f.clone().bitwise_or_(torch.ones(3))", "i.clone().div_(2, rounding_mode='floor')", "i.clone().div_(2)", "b.clone().div_(b, rounding_mode='trunc')", "f.clone().lcm_(f)", "i.clone().lcm_(f)", "i.clone().atan2_(f)"]:
    try: print(c, '->', eval(c))
    except Exception as e: print(c, '!!', type(e).__name__, e)
for c in ['i.clone().pow_(2.5)', 'i.clone().square_()', 'b.clone().square_()', 'b.clone().pow_(2.5)', 'i.clone().pow_(torch.tensor(2.5))', 'b.clone().pow_(True)', 'i.clone().pow_(2)', 'torch.tensor([1, 2]).pow_(2)', 'i.clone().float_power_(2)']:
    try: print(c, '->', eval(c))
    except Exception as e: print(c, '!!', type(e).__name__, e)
