# InstanceNorm1d/2d/3d and F.instance_norm: values, gradients, running statistics, the graph
# (batch_norm over the (1, N*C, ...) view), unbatched inputs, and 1.13's errors.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 5, requires_grad=True)
y = F.instance_norm(x)
print(y)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y.pow(3).sum().backward()
print(x.grad)

m = nn.InstanceNorm1d(3, affine=True, track_running_stats=True)
print(m, list(m.state_dict().keys()))
z = m(x)
print([f[0].name() for f in z.grad_fn.next_functions[0][0].next_functions])
print(m.running_mean, m.running_var, m.num_batches_tracked)
z = m(x * 2 + 1)
print(m.running_mean, m.running_var)
x.grad = None
(z * torch.arange(5.)).sum().backward()
print(x.grad, m.weight.grad, m.bias.grad)
m.eval()
print(m(x))
m2 = nn.InstanceNorm1d(3, momentum=0.5, track_running_stats=True)
m2.eval()
print(m2(x))

m2d = nn.InstanceNorm2d(2, eps=1e-3)
img = torch.randn(2, 2, 3, 4)
print(m2d, m2d(img)[1, 0])
print(nn.InstanceNorm2d(2)(img[0]).shape, nn.InstanceNorm1d(3)(torch.randn(3, 6)).shape)
v = torch.randn(1, 2, 2, 2, 3)
print(nn.InstanceNorm3d(2, affine=True)(v).sum(dim=(2, 3, 4)))
print(F.instance_norm(img, weight=torch.tensor([2., 3.]), bias=torch.tensor([1., -1.]))[0, 1, 0])
rm, rv = torch.zeros(2), torch.ones(2)
F.instance_norm(img, rm, rv, momentum=0.2)
print(rm, rv)
print(F.instance_norm(img, rm, rv, use_input_stats=False)[0, 0, 0])
print(F.instance_norm(img.double()).dtype)
nn.InstanceNorm1d(4)(x)  # (1.13 neither checks nor warns)

for f in [lambda: nn.InstanceNorm1d(3)(torch.randn(3)),
          lambda: nn.InstanceNorm2d(3)(torch.randn(2, 3)),
          lambda: F.instance_norm(torch.randn(2, 3, 1)),
          lambda: F.instance_norm(torch.randn(2, 3, 4), use_input_stats=False),
          lambda: nn.InstanceNorm1d(4, affine=True)(x),
          lambda: F.instance_norm(torch.randn(2, 3, 4), weight=torch.ones(2)),
          lambda: F.instance_norm([1, 2])]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
