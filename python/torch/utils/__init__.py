"""torch.utils (torch.utils.data is written in Python over the public torch API); `import
torch` brings torch.utils.data and torch.utils.hooks, as PyTorch's does."""
from . import data  # noqa: F401
from . import hooks  # noqa: F401
