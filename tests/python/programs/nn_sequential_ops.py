# Sequential: indexing, slicing, len, append, insert, extend, del, +, *.
import torch.nn as nn
s = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(s[0], s[-1], len(s))
print(s[1:])
print(s[::2])
s.append(nn.Sigmoid())
s.insert(0, nn.Identity())
s.extend([nn.Tanh()])
print(s)
del s[0]
print(s)
s[1] = nn.GELU()
print(s)
print(s + nn.Sequential(nn.ReLU()))
print(nn.Sequential(nn.ReLU()) * 2)
print(s.pop(-1), len(s))
for bad in ['s[10]', 's + [1]']:
    try:
        eval(bad)
    except (IndexError, ValueError) as e:
        print(type(e).__name__ + ':', e)
