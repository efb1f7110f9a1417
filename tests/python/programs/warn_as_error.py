# warnings turned into errors with simplefilter('error'): a UserWarning becomes an exception.
import warnings
import torch
warnings.simplefilter('error')
x = torch.tensor([1., 2.], requires_grad=True)
try:
    torch.tensor(x)
except UserWarning as e:
    print('UserWarning raised:', str(e)[:60])
y = x * 2
y.grad
