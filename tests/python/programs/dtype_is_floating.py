# Predicates on tensors.
import torch
for t in [torch.tensor(1), torch.tensor(1.), torch.tensor(True), torch.zeros(2, dtype=torch.float64)]:
    print(t.dtype, t.is_floating_point(), torch.is_floating_point(t), torch.is_tensor(t),
          t.is_complex(), t.element_size())
print(torch.is_tensor([1]), torch.numel(torch.zeros(3, 4)))
