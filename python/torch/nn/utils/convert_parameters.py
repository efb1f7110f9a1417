"""parameters_to_vector / vector_to_parameters (views flattened and concatenated)."""
import torch

__all__ = ['parameters_to_vector', 'vector_to_parameters']


def parameters_to_vector(parameters):
    return torch.cat([param.view(-1) for param in parameters])


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, torch.Tensor):
        raise TypeError('expected torch.Tensor, but got: {}'.format(torch.typename(vec)))
    pointer = 0
    for param in parameters:
        num_param = param.numel()
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param
