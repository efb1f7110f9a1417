"""torch.utils.hooks: RemovableHandle, the handle that Module.register_*_hook returns."""
from ..nn.modules.module import _RemovableHandle as RemovableHandle

__all__ = ['RemovableHandle']
