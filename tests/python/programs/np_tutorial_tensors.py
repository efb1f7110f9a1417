# The "Tensors" tutorial's numpy parts: a tensor from a numpy array and back.
import torch
import numpy as np
data = [[1, 2], [3, 4]]
x_data = torch.tensor(data)
np_array = np.array(data)
x_np = torch.from_numpy(np_array)
print(x_np)
x_ones = torch.ones_like(x_data)
print(f"Ones Tensor: \n {x_ones} \n")
shape = (2, 3,)
ones_tensor = torch.ones(shape)
zeros_tensor = torch.zeros(shape)
print(f"Ones Tensor: \n {ones_tensor} \n")
print(f"Zeros Tensor: \n {zeros_tensor}")
tensor = torch.ones(4, 4)
tensor[:, 1] = 0
print(tensor.numpy())
agg = tensor.sum()
agg_item = agg.item()
print(agg_item, type(agg_item))
