"""The save file's header line and checksum, below ``store`` (writing) and ``restore``
(reading back), so neither imports the other::

    DTC1 <generation> <length> <adler32>\\n<json>

``MAGIC`` starts every save of this ``VERSION``; ``adler32`` sums the JSON body; ``json`` and
``os`` are the port's own modules (``loads(body)``: ``json.loads`` of bytes or a memoryview
of them); ``ENOSPC``: the errno of a full flash.
"""
# json and os are named here for store and restore (one try each for the port's names).
try:  # MicroPython: the built-in modules at once; "json"/"os" search the flash first (6 ms each on the Pico)
    import ujson as json  # noqa: F401
    import uos as os  # noqa: F401

    loads = json.loads  # pyright: ignore[reportAssignmentType]  # any buffer: a body read in place (memoryview)
except ImportError:
    import json  # noqa: F401
    import os  # noqa: F401

    def loads(body):
        return json.loads(bytes(body))  # CPython's (and CircuitPython's) want bytes

VERSION = 1
MAGIC = b"DTC%d " % VERSION
ENOSPC = 28


def adler32(data, value=1):
    """Adler-32 of ``data`` (bytes); RFC 1950 section 8.2.  ``value``: the Adler-32 of
    the bytes before ``data`` (as zlib.adler32), so a file can be summed piece by piece.

    The modulo is taken once per 1024 bytes, not per byte (as zlib does per 5552):
    after 1024 bytes ``b`` is below 2**29, still a small int on the Pico."""
    a = value & 0xFFFF
    b = value >> 16
    mv = memoryview(data)
    n = len(data)
    i = 0
    while i < n:
        for c in mv[i:i + 1024]:
            a += c
            b += a
        a %= 65521
        b %= 65521
        i += 1024
    return (b << 16) | a
