# A small "image" processed with tensor ops: normalise, threshold, blur by hand.
import torch
img = torch.tensor([[0, 50, 100], [150, 200, 250], [25, 75, 125]], dtype=torch.uint8 if hasattr(torch, 'uint8') and False else torch.int64)
f = img.float() / 255
print(f)
print((f > 0.5).int())
norm = (f - f.mean()) / f.std()
print(norm)
pad = torch.nn.functional.pad(f, (1, 1, 1, 1))
blur = sum(pad[i:i + 3, j:j + 3] for i in range(3) for j in range(3)) / 9
print(blur)
