# ctx.needs_input_grad, once_differentiable-free backward, and a clamp-like Function.
import torch
class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)
    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        print('needs_input_grad', ctx.needs_input_grad)
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input
x = torch.tensor([-1., 0.5, 2.], requires_grad=True)
y = MyReLU.apply(x)
print(y)
(y * torch.tensor([1., 2., 3.])).sum().backward()
print(x.grad)
