"""The firmware's import graph: no import circle, and no engine module importing a screen (issue 22).

Every module under ``firmware/`` is parsed with ``ast``; its imports are collected wherever they
stand (module top, inside functions and methods, in ``try`` blocks): ``import x``, ``from x import
y`` (``y`` a submodule when ``x/y.py`` exists, else a name of ``x``), ``__import__("x")`` and
``importlib.import_module("x")`` with a constant name.  Names resolve against the firmware's one
sys.path root, ``firmware/`` (packages ``games`` and ``games.<game>``); imports of anything else
(``micropython``, ``gc``, ``ujson``, ...) are left out.  Importing ``a.b.c`` also runs the packages
``a`` and ``a.b``, so those count as imported too.  ``__import__(name)`` with a computed name (the
game table in ``games/__init__.py`` opening a game's screens) cannot be followed and is left out.

The rule, checked on that graph:

(a) no circle: no strongly connected component of more than one module, no module importing itself.
    A shared piece lives in its own module below everything that uses it.
(b) an engine module never imports a screen module; the engine returns data or calls a callback
    that the screens pass in.

Which module is which (``kind``):

- screen: a module named ``ui`` or ``ui_*`` or ``*_ui``, plus ``SCREENS`` below (the App and its
  own screens, the Delphi card-entry widgets);
- device: drawing, fonts, keys, the panel's rest, version and help text (``DEVICE``): used by
  both sides, below both; not part of rule (b);
- engine: every other module: game state, rules, commands, automa, scoring, saves, the plays log.
"""

import ast
import os

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")

# The App, the entry point, and screens whose names do not follow ``ui``/``ui_*``/``*_ui``.
SCREENS = frozenset((
    "app", "main", "lowmem", "history", "rules_help", "prefs", "games.delphi.cardmenu",
))
# Below both sides: the screen's drawing, fonts, buttons, the panel's rest, and text (the transport,
# ``display`` and ``oled``, is the Pico board's own, in boards/pico_ssd1306/).
# ``names`` keeps the stored player names that every game's screens show (its own screens are
# ``names_ui``, imported only to run them); ``games`` is the menu's table of games (its modules are
# imported by computed name).
DEVICE = frozenset((
    "gfx", "fonts", "keys", "rest", "version", "help_text", "names", "games",
))


def modules():
    """{dotted module name: file path} of every ``.py`` under ``firmware/``."""
    out = {}
    for root, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        for f in files:
            if not f.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(root, f), FIRMWARE)[:-3].replace(os.sep, ".")
            if rel.endswith(".__init__"):
                rel = rel[: -len(".__init__")]
            out[rel] = os.path.join(root, f)
    return out


def kind(name):
    """"screen", "device" or "engine" for a dotted module name (see the module docstring)."""
    base = name.rsplit(".", 1)[-1]
    if name in SCREENS or base == "ui" or base.startswith("ui_") or base.endswith("_ui"):
        return "screen"
    if name in DEVICE:
        return "device"
    return "engine"


def _const_name(call):
    """The constant module name of ``__import__("x")`` / ``importlib.import_module("x")``, else None."""
    f = call.func
    named = (isinstance(f, ast.Name) and f.id == "__import__") or (
        isinstance(f, ast.Attribute) and f.attr == "import_module"
        and isinstance(f.value, ast.Name) and f.value.id == "importlib"
    )
    if named and call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def imports_of(path, known):
    """Sorted firmware modules that the module at ``path`` imports (with their parent packages)."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level or not node.module:
                raise AssertionError("%s: relative import (MicroPython layout uses absolute names)" % path)
            for a in node.names:
                sub = node.module + "." + a.name
                names.append(sub if sub in known else node.module)
        elif isinstance(node, ast.Call):
            n = _const_name(node)
            if n:
                names.append(n)
    out = set()
    for n in names:
        parts = n.split(".")
        for i in range(1, len(parts) + 1):
            m = ".".join(parts[:i])
            if m in known:
                out.add(m)
    return sorted(out)


def graph():
    """{module: [imported firmware modules]} for the whole firmware."""
    known = modules()
    return {m: imports_of(p, known) for m, p in sorted(known.items())}


def circles(g):
    """Import circles: sorted module lists, one per strongly connected component of size > 1 or
    self-import (Tarjan, iterative: the graph is small but recursion depth is not a test's concern)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for start in g:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter[0]
                counter[0] += 1
                stack.append(v)
                on.add(v)
            edges = g.get(v, [])
            if i < len(edges):
                work.append((v, i + 1))
                w = edges[i]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1 or v in g.get(v, []):
                    out.append(sorted(comp))
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
    return sorted(out)


def engine_imports_screen(g):
    """``(engine module, screen module)`` pairs where the engine imports a screen."""
    return [(m, t) for m in g if kind(m) == "engine" for t in g[m] if kind(t) == "screen"]


def test_graph_is_read():
    """The parser sees known edges (so an empty result below means something): ``app`` imports
    ``session`` at its top, ``games.delfos.game`` imports ``games.delfos.khaos`` in a method, and
    ``app`` opens ``rules_help`` with ``__import__("rules_help")``."""
    g = graph()
    assert "session" in g["app"]
    assert "games.delfos.khaos" in g["games.delfos.game"]
    assert "rules_help" in g["app"]
    assert "games.delfos" in g["games.delfos.game"]  # ``from games.delfos import COLOURS``


def test_finder_sees_a_circle_and_a_self_import():
    """``circles`` reports a 3-module circle, a self-import, and nothing for a chain."""
    g = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": [], "e": ["e"], "f": ["d"]}
    assert circles(g) == [["a", "b", "c"], ["e"]]
    assert circles({"a": ["b"], "b": []}) == []


def test_kinds():
    """The rule's examples: engines, screens and device modules."""
    for m in ("games.delfos.ancient", "games.delfos.ancient_set", "games.delfos.game", "store", "restore",
              "games.tholos.ai", "plays", "records", "session", "rng", "games.delphi.fame"):
        assert kind(m) == "engine", m
    for m in ("app", "lowmem", "device_ui", "history", "ui", "games.delfos.ui_board", "games.delphi.calc_ui",
              "names_ui", "rules_help"):
        assert kind(m) == "screen", m
    for m in ("gfx", "keys", "fonts"):
        assert kind(m) == "device", m


# Circles not untied yet (issue 22): each is named here until it is gone, so the test fails on any
# new circle, and on a listed one that no longer exists (the list only shrinks).  Left: the Delfos
# screens, where ``ui`` opens the rarely used screen modules lazily and they take ``ui``'s widgets
# and ``resume``/``after_move`` back from it (their shared pieces still need a module of their own).
KNOWN_CIRCLES = [
    ["games.delfos.ui", "games.delfos.ui_board", "games.delfos.ui_campaign", "games.delfos.ui_geometry",
     "games.delfos.ui_goals", "games.delfos.ui_khaos", "games.delfos.ui_layout", "games.delfos.ui_more",
     "games.delfos.ui_pad", "games.delfos.ui_rank", "games.delfos.ui_score", "games.delfos.ui_setup"],
]


def test_no_import_circle():
    """(a): every circle in the firmware's imports, named (but for ``KNOWN_CIRCLES``)."""
    found = circles(graph())
    new = [c for c in found if c not in KNOWN_CIRCLES]
    assert not new, "import circles:\n" + "\n".join("  " + " <-> ".join(c) for c in new)
    gone = [c for c in KNOWN_CIRCLES if c not in found]
    assert not gone, "no longer a circle, take it off KNOWN_CIRCLES:\n" + "\n".join(
        "  " + " <-> ".join(c) for c in gone)


def test_no_engine_module_imports_a_screen():
    """(b): every engine module that imports a screen module, named."""
    found = engine_imports_screen(graph())
    assert not found, "engine imports screen:\n" + "\n".join("  %s -> %s" % p for p in found)
