"""torch.backends: no accelerator backends in tensorpad."""
from . import mps, cudnn  # noqa: F401
