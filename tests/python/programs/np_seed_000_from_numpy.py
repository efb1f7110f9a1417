# Seed 000, "creating from a NumPy array" and "tensor() vs from_numpy()" (verbatim, with
# the page's run-together first line split).
import torch
import numpy as np
arr = np.array([1, 2, 3])
t = torch.from_numpy(arr)  # 共享內存
print(t)

# 示例：內存共享驗證
arr = np.array([1, 2, 3])
t = torch.from_numpy(arr)
arr[0] = 99  # 修改NumPy數組
print(t)      # tensor([99, 2, 3])，同步變化
