# A Python float where PyTorch declares an int is refused, even with an integral value
# (x.view(2.0, 3), x.sum(0.0), torch.zeros(n / 2)): PyTorch's argument parser tells int from
# float by type. A one-element integer tensor counts as an int in a size list.
import torch
import torch.nn as nn

x = torch.arange(6.)
y = x.reshape(2, 3)
i = torch.tensor([0, 1, 2])


def t(s):
    try:
        r = eval(s)
        print(s, '->', (r.shape, r.dtype) if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(s, '!!', type(e).__name__, e)


for s in ["x.reshape((2.0, 3))", "x.reshape(2.0, 3)", "x.view(2.0, 3)", "x.view((2, 3.0))", "x.view(-1.0)",
          "torch.zeros(2.0, 3)", "torch.zeros((2.0, 3))", "torch.ones([2, 3.5])", "torch.zeros(6 / 2)",
          "x.expand(2.0, 6)", "x.repeat(2.0)", "torch.empty(2.0)", "x.new_zeros((2.0,))", "torch.randn(2.0, 3)",
          "torch.full((2.0,), 1)", "torch.full((2,), 1.0)", "x.sum(0.0)", "x.unsqueeze(0.0)", "x.permute(0.0)",
          "x.narrow(0, 1.0, 2)", "x.transpose(0.0, 0)", "torch.Size([2.0])",
          "x.reshape(torch.tensor(2), 3)", "x.view(torch.tensor(3), -1)", "x.reshape([torch.tensor(2), 3])",
          "torch.zeros([torch.tensor(2), 3])", "x.reshape(True, 6)", "torch.zeros(True, 2)",
          "y.sum(dim=0.0)", "y.mean(0.0)", "y.max(0.0)", "y.argmax(0.0)", "y.softmax(0.0)",
          "torch.cat([y, y], 0.0)", "y.chunk(2.0)", "y.topk(2.0)", "y[1.0]", "y.select(0, 1.0)",
          "y.flatten(0.0)", "y.roll(1.0)", "y.roll(1, 0.0)", "y.flip(0.0)", "torch.randint(0, 10.0, (2,))",
          "torch.randint(10, (2.0,))", "y.repeat_interleave(2.0)", "y.new_empty(2.0)", "torch.eye(2.0)",
          "torch.randperm(3.0)", "y.unfold(0, 2.0, 1)", "torch.tril(y, 1.0)", "y.diagonal(1.0)",
          "y.cumsum(0.0)", "y.squeeze(0.0)", "y.movedim(0.0, 1)", "y.index_select(0.0, i[:1])",
          "y.std(0.0)", "y.var(1, correction=1.0)", "y.kthvalue(1.0)", "y.sort(0.0)", "torch.stack([y, y], 1.0)",
          "y.logsumexp(0.0)", "y.prod(0.0)", "y.unbind(0.0)", "y.tensor_split(2.0)", "torch.tril_indices(3.0, 3)",
          "y.tile((2.0,))", "torch.linspace(0, 1, 3.0)", "torch.histc(y, 3.0)", "torch.bincount(i, minlength=3.0)",
          "y.diff(1.0)", "y.cummax(0.0)", "torch.multinomial(torch.ones(3), 2.0)", "torch.normal(0., 1., (2.0,))",
          "torch.rand(2.0)", "y.pow(2.0)", "y.clamp(0, 2.0)", "y.lerp(y, 1.0)",
          "nn.Linear(2.0, 3)", "nn.Linear(2, 3.5)", "nn.Embedding(3.0, 2)", "nn.BatchNorm1d(3.0)", "nn.GRU(2, 3.0)",
          "nn.PReLU(2.0)", "nn.Conv2d(1.0, 2, 3)", "nn.LayerNorm(3.0)"]:
    t(s)
