# FizzBuzz with tensor masks.
import torch
n = torch.arange(1, 16)
fizz = n % 3 == 0
buzz = n % 5 == 0
out = []
for i, f, b in zip(n.tolist(), fizz.tolist(), buzz.tolist()):
    out.append('FizzBuzz' if f and b else 'Fizz' if f else 'Buzz' if b else str(i))
print(' '.join(out))
print(fizz.sum().item(), buzz.sum().item(), (fizz & buzz).nonzero().flatten())
