# A wide 2-D float tensor wraps each row; a narrow linewidth wraps more.
import torch
x = torch.arange(48.).reshape(2, 24) / 3
print(x)
torch.set_printoptions(linewidth=50)
print(x[:, :12])
torch.set_printoptions(linewidth=200)
print(x)
