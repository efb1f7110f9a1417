# An uncaught error raised two calls deep in the user's own functions.
import torch
def layer(x, w):
    return x @ w
def model(x):
    h = layer(x, torch.ones(4, 3))
    return layer(h, torch.ones(4, 2))
print(layer(torch.ones(1, 4), torch.ones(4, 3)))
model(torch.ones(1, 4))
