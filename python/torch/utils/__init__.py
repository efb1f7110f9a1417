"""torch.utils (torch.utils.data is written in Python over the public torch API)."""
