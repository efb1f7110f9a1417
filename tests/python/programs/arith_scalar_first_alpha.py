# A Python number first with keywords (the wrapped number is the input) and alpha's types: a bool
# alpha only for bool results, a float alpha (1.0 too) refused for integral inputs.
import torch
x = torch.tensor([1.5, -2., 4.])
for c in ["torch.add(2, x, alpha=3)", "torch.sub(2, x, alpha=2)", "torch.div(True, x, rounding_mode='floor')", "torch.divide(3, x, rounding_mode='trunc')", "torch.divide(3, x, rounding_mode=None)", "torch.div(7, torch.tensor([2, -3]), rounding_mode='floor')", "torch.mul(2, x)", "torch.add(2, x, alpha=True)", "torch.add(2, torch.tensor([1, 2]), alpha=0.5)", "torch.div(2, x, rounding_mode='bad')", "torch.remainder(5, x)", "torch.pow(2, x)", "torch.sub(True, x)", "torch.divide(True, torch.empty(2,0,3), rounding_mode='floor').shape"]:
    try: print(c, '->', eval(c))
    except Exception as e: print(c, '!!', type(e).__name__, e)
l = torch.tensor([1, 2])
for c in ["l.clone().add_(1, alpha=1.0)", "l.clone().add_(l, alpha=1.0)", "l.clone().sub_(l, alpha=True)", "torch.add(l, l, alpha=1.0)", "torch.add(x, x, alpha=True)", "x.add(x, alpha=True)", "torch.ones(2, dtype=torch.bool).add_(True, alpha=True)", "l.add(1, alpha=1.0)"]:
    try: print(c, '->', eval(c))
    except Exception as e: print(c, '!!', type(e).__name__, e)
