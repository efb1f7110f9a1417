"""torch.nn.Parameter: a Tensor subclass that a Module registers when it is assigned as an
attribute. It shares its data's storage (Tensor._make_subclass) and prints as
"Parameter containing:" followed by the tensor, as PyTorch 1.13 does."""
import torch

__all__ = ['Parameter']

# Under PyTorch a Tensor subclass returns its own type from every op unless it turns the
# __torch_function__ protocol off; a Parameter's results are plain tensors.
_disabled = getattr(getattr(torch, '_C', None), '_disabled_torch_function_impl', None)


class Parameter(torch.Tensor):
    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = torch.empty(0)
        return torch.Tensor._make_subclass(cls, data, requires_grad)

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(self.data.clone(), self.requires_grad)
        memo[id(self)] = result
        return result

    def __repr__(self):
        return 'Parameter containing:\n' + super().__repr__()

    if _disabled is not None:
        __torch_function__ = _disabled
