# Seed tutorial 000, snippet 二(三), verbatim but for the line break the page lost
# after "import copy".
import torch
import copy
orig = torch.tensor([1, 2, 3])
deep_copied = copy.deepcopy(orig)  # 完全獨立拷貝
deep_copied[0] = 100
print(orig, deep_copied)
