enabled = False
deterministic = False
benchmark = False


def is_available():
    return False
