# Seed tutorial 004, section 一.5, verbatim, then what it picked.
import torch
# 检测GPU可用性
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, type(device).__name__, device.type)
