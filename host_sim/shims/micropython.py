"""CPython stand-in for MicroPython's ``micropython`` module: only ``const``.

On the device ``const(x)`` is folded by the compiler; here it is the identity.
Put on ``sys.path`` by ``host_sim`` and by the pytest configuration.
"""


def const(x):
    return x
