# parameters_to_vector and vector_to_parameters.
import torch
import torch.nn as nn
from torch.nn.utils import parameters_to_vector, vector_to_parameters
torch.manual_seed(0)
model = nn.Linear(2, 2)
v = parameters_to_vector(model.parameters())
print(v)
vector_to_parameters(torch.arange(6.), model.parameters())
print(model.weight, model.bias)
