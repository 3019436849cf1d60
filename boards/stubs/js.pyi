# The page's globalThis as MicroPython WebAssembly proxies it (boards/web/board.py only):
# every attribute is a JS object, function or value.
from typing import Any

def __getattr__(name: str) -> Any: ...
