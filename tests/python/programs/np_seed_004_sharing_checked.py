# Seed 004's interop lesson, checked: the array from numpy() and the tensor from
# from_numpy() share memory, torch.tensor() copies.
import torch
import numpy as np
torch.manual_seed(0)
tensor = torch.rand(2, 3)
numpy_array = tensor.numpy()
tensor.mul_(10)
print(numpy_array)
numpy_array[0, 0] = -1.0
print(tensor)
np_arr = np.array([[1, 2], [3, 4]])
new_tensor = torch.from_numpy(np_arr)
safe_tensor = torch.tensor(np_arr)
np_arr[1, 1] = 40
print(new_tensor)
print(safe_tensor)
print(new_tensor.dtype, safe_tensor.dtype, np_arr.dtype)
