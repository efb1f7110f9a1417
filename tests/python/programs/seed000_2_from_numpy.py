# Seed tutorial 000, snippet 一(二), verbatim but for the line break the page lost
# after "import numpy as np".
import torch
import numpy as np
arr = np.array([1, 2, 3])
t = torch.from_numpy(arr)  # 共享內存
print(t, t.dtype)
