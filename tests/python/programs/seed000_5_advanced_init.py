# Seed tutorial 000, snippet 一(五), verbatim, printed.
import torch
eye = torch.eye(3)             # 3x3單位矩陣
lin = torch.linspace(0, 1, 5)  # 0-1等分5份
log = torch.logspace(0, 2, 3)  # 10^0到10^2等分3份
print(eye)
print(lin)
print(log)
