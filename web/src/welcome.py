# tensorpad: PyTorch 1.13 tensors and autograd in your browser (CPython in WebAssembly).
# Press Run (Ctrl/Cmd+Enter): the output is what PyTorch prints, and "Download .py"
# gives a file that runs unchanged under PyTorch.
import torch

x = torch.arange(6, dtype=torch.float32).view(2, 3)
print(x)
print(x.shape, x.dtype, x.stride())

print(x @ x.T)

# Views share memory with x; clone() copies (open the Memory tab).
xt = x.T
c = x.clone()
x[0].fill_(7)
print(xt)
print(c)

# Autograd (open the Graph tab; hover a node for its .grad).
w = torch.tensor([0.5, -1.5, 2.5], requires_grad=True)
b = torch.tensor(0.1, requires_grad=True)
loss = (c[1] * w + b).tanh().pow(2).sum()
loss.backward()
print(loss)
print(w.grad, b.grad)
