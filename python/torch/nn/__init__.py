"""torch.nn for tensorpad's Python mode: Module and the built-in modules written in Python
over torch.nn.functional (which forwards to the JS library), laid out as PyTorch's package."""
from .parameter import Parameter
from .modules import *  # noqa: F401,F403
from . import functional
from . import init
from . import utils
from .modules.module import (register_module_forward_pre_hook, register_module_forward_hook,
                             register_module_full_backward_hook)
