# torch.finfo / torch.iinfo: every field and the printed form, for each dtype; the TypeErrors.
import torch
for d in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
  f=torch.finfo(d); print(repr(f)); print(f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.dtype)
for d in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64):
  i=torch.iinfo(d); print(repr(i), i.bits, i.max, i.min, i.dtype)
print(torch.finfo())
try: torch.iinfo(torch.float32)
except Exception as e: print(type(e).__name__, e)
try: torch.finfo(torch.int32)
except Exception as e: print(type(e).__name__, e)
