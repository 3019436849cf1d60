"""Deterministic pseudo-random numbers shared by the device and the host.

The same seed gives the same sequence on CPython and MicroPython: every
step is 32-bit integer arithmetic (xorshift32, Marsaglia 2003), masked
explicitly, so word size and float precision never matter.

A game keeps its seed in its setup and rebuilds its ``Rng`` when it is
replayed, so undo and reload draw the same dice again.
"""
import os

_MASK = 0xFFFFFFFF


def mix_seed(seed):
    """Return a non-zero 32-bit state from any int ``seed`` (splitmix-style).

    A zero state would make xorshift stick at zero, so it is avoided.
    """
    z = (seed * 0x9E3779B1 + 0x7F4A7C15) & _MASK
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & _MASK
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & _MASK
    z ^= z >> 16
    return z or 0x6D2B79F5


class Rng:
    """xorshift32 generator with unbiased ranges.

    ``Rng(seed)``: ``seed`` is any int (typically 32 bits from
    ``os.urandom`` when a game starts).
    """

    def __init__(self, seed):
        self.state = mix_seed(seed)

    def next32(self):
        """Next raw value, 0 <= v < 2**32."""
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n):
        """Uniform int in ``range(n)``; ``n`` >= 1, else ValueError.

        Rejection sampling: values in the last partial block of 2**32 are
        redrawn, so there is no modulo bias.
        """
        if n < 1:
            raise ValueError("below: n must be >= 1")
        limit = (0x100000000 // n) * n
        while True:
            v = self.next32()
            if v < limit:
                return v % n

    def between(self, lo, hi):
        """Uniform int with lo <= v <= hi."""
        return lo + self.below(hi - lo + 1)

    def shuffle(self, items):
        """Fisher-Yates shuffle of the list ``items`` in place; returns it."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items


def new_seed():
    """A fresh 32-bit seed from ``os.urandom`` (never a constant or a tick count)."""
    b = os.urandom(4)
    return b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)
