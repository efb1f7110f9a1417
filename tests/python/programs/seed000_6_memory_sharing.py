# Seed tutorial 000, snippet 二(一), verbatim (imports from its first snippets).
import torch
import numpy as np
# 示例：內存共享驗證
arr = np.array([1, 2, 3])
t = torch.from_numpy(arr)
arr[0] = 99  # 修改NumPy數組
print(t)      # tensor([99, 2, 3])，同步變化
