# A 0-d tensor operand does not promote a dimensioned tensor of the same category.
import torch
a = torch.tensor([1, 2], dtype=torch.int32)
print((a + torch.tensor(5)).dtype)
print((a + torch.tensor(5.)).dtype)
f = torch.tensor([1., 2.])
print((f + torch.tensor(1., dtype=torch.float64)).dtype)
print((f + torch.tensor([1.], dtype=torch.float64)).dtype)
print((torch.tensor(1) + torch.tensor(2.5, dtype=torch.float64)).dtype)
print(torch.result_type(a, 1.0), torch.result_type(a, 1), torch.result_type(f, a))
print(torch.promote_types(torch.int32, torch.float32))
print(torch.can_cast(torch.float32, torch.int32), torch.can_cast(torch.int32, torch.float32))
