# torch.result_type: dimensioned tensors outrank 0-d tensors, which outrank Python numbers.
import torch
i32 = torch.tensor([1, 2], dtype=torch.int32)
cases = [(i32, 1.0), (i32, 1), (i32, True), (3, i32), (2.5, i32), (torch.tensor(5), i32),
         (torch.tensor(1.5, dtype=torch.float64), i32), (torch.tensor(1.5, dtype=torch.float64), torch.ones(1)),
         (torch.tensor(True), 5), (torch.tensor([True]), 5.5), (torch.tensor(3), 2.5), (1, 2.0), (1, 2), (True, False),
         (torch.tensor(1, dtype=torch.int32), torch.tensor(2)), (torch.ones(1, dtype=torch.float64), 2.5)]
for a, b in cases:
    print(torch.result_type(a, b))
torch.set_default_dtype(torch.float64)
print(torch.result_type(i32, 1.0), torch.result_type(2, 3.5))
torch.set_default_dtype(torch.float32)
