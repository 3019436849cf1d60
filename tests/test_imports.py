"""The firmware's imports: no import circle, no engine module importing a screen, imports at the top
but in one seam per game (issue 22).

Every module under ``firmware/`` is parsed with ``ast``; its imports are collected wherever they
stand (module top, inside functions and methods, in ``try`` blocks): ``import x``, ``from x import
y`` (``y`` a submodule when ``x/y.py`` exists, else a name of ``x``), ``__import__("x")`` and
``importlib.import_module("x")`` with a constant name.  Names resolve against the firmware's one
sys.path root, ``firmware/`` (packages ``games`` and ``games.<game>``); imports of anything else
(``micropython``, ``gc``, ``ujson``, ...) are left out.  Importing ``a.b.c`` also runs the packages
``a`` and ``a.b``, so those count as imported too.  ``__import__(name)`` with a computed name (in
``loader.py``: the game table in ``games/__init__.py`` opening a game's screens, a game's seam
``load``) cannot be followed and is left out: what a game loads through its seam is checked by name
only.

The rule, checked on that graph:

(a) no circle: no strongly connected component of more than one module, no module importing itself.
    A shared piece lives in its own module below everything that uses it.
(b) an engine module never imports a screen module; the engine returns data or calls a callback
    that the screens pass in.
(c) imports stand at the top of modules (module level, ``try``/``if`` blocks included), except in
    the seams allowed below (``SEAMS``): one per game, the functions of its package that import one
    of its modules by name when first used and forget it again, because the heap cannot hold all of
    a game at once (each seam's comment gives the figure).  ``pytest -s`` prints the counts.
(d) one module, ``loader`` (``LOADER``), loads and lets go of modules: no other module calls
    ``__import__`` or touches ``sys.modules`` (not even to read it); the seams call ``loader``.

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
    "screens", "saver", "closing", "opening", "loop",  # the App's parts (issue 22)
    "phone",  # the phone's action, the doors to its screens (phone_ui)
))
# Below both sides: the screen's drawing, fonts, buttons, the panel's rest, and text (the transport,
# ``display`` and ``oled``, is the Pico board's own, in boards/pico_ssd1306/).
# ``names`` keeps the stored player names that every game's screens show (its own screens are
# ``names_ui``, imported only to run them); ``games`` is the menu's table of games (its modules are
# imported by computed name).
DEVICE = frozenset((
    "gfx", "fonts", "keys", "rest", "version", "help_text", "names", "games",
    "lang", "lang_text", "lang_zh_hant",  # the language: its strings and glyphs (firmware/lang.py)
    "loader",  # loads and lets go of modules (LOADER): below everything, it imports only gc and sys
))
# (d): the one module that loads and lets go of modules, by name (docs/architecture.md, "What is
# resident, what loads on demand")
LOADER = "loader"


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


# (c)'s allow-list, easy to adjust: {module: functions in it that may import late, through ``loader``}.
# One seam per game, in its package (``games/<game>/__init__.py``); the menu's table of games opens
# a game's screen entry by its name (``games.ui_module``) and the plays log a game's engine module
# (``games.engine_module``), and lets the games not open go (``games.unload``): each one's docstring
# gives the figure.  The others are the device's own screens and text, below.
SEAMS = {
    "games": ("ui_module", "engine_module"),
    "games.delfos": ("load", "drop"),
    "games.delphi": ("load", "unload"),
    # the Oracle's set-up screens (ui_setup) only while shown: the golden session's peak heap 6.7 KB lower
    "games.oracle": ("load", "unload"),
    # the QR encoder (qr, playcode): about 12 KB of heap on the make deploy route, imported for
    # each code and let go once it is made; held from power-on, 24 of 102 saved games were
    # refused from the main menu in tools/soak.py --power-ons 400 (2 of 116 this way)
    "phone_ui": ("_encoder", "_unload"),
    # the phone's screen module (phone_ui, about 4.5 KB) imported only when a code is made or shown
    "phone": ("_ui",),
    # History's and the player names' screens (about 10 KB), imported when one opens
    "device_ui": ("_screens",),
    # the table's clock (engine and screens): loaded with the first game that has one, never at
    # boot (a game without a clock keeps its heap)
    "games.clock": ("load",),
    # the rules help's text (help_text, about 5.3 KB on the make deploy route): read when the help
    # opens and let go at once; resident, it cost the main menu what the clock's names added
    "rules_help": ("pages",),
    # the strings' look-ups and the glyphs' drawing of a language other than English (lang_text,
    # about 4.2 KB at the main menu on the make deploy route), loaded when one is chosen, let go for
    # English; and the frozen block (lang_zh_hant) where there is no file of it
    "lang": ("use",),
    # the device menu's module (device_ui, about 7 KB): imported when BACK on the main menu opens it,
    # so the main menu after a power-on keeps the heap the language's strings took
    "menu_ui": ("_device_menu",),
    "lang_text": ("load",),
    # Tholos's screens' drawing in a language with glyphs (games.tholos.ui_zh, a 1.9 KB .mpy):
    # imported when a Tholos screen is first drawn so, never in English
    "games.tholos": ("zh",),
}
_EDITS = frozenset(("pop", "popitem", "clear", "update", "setdefault", "__setitem__", "__delitem__"))


def _is_sys_modules(node):
    return (isinstance(node, ast.Attribute) and node.attr == "modules"
            and isinstance(node.value, ast.Name) and node.value.id == "sys")


def sites(path):
    """What (c) looks at in the module at ``path``: a list of ``(what, where, line)``, ``what``
    one of "top" (an import at module level), "late" (an import inside a function or class, or an
    ``__import__``/``importlib.import_module`` call anywhere) or "sys.modules" (an item set or
    deleted, a mutating method called, or the dict bound to another name); ``where`` the dotted
    name of the function or class it stands in ("" at module level)."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    out = []

    def visit(node, where):
        for child in ast.iter_child_nodes(node):
            inner = where
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = (where + "." if where else "") + child.name
            elif isinstance(child, ast.Lambda):
                inner = (where + "." if where else "") + "<lambda>"
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                out.append(("late" if where else "top", where, child.lineno))
            elif isinstance(child, ast.Call):
                f = child.func
                if (isinstance(f, ast.Name) and f.id == "__import__") or (
                        isinstance(f, ast.Attribute) and f.attr == "import_module"):
                    out.append(("late", where, child.lineno))
                if isinstance(f, ast.Attribute) and f.attr in _EDITS and _is_sys_modules(f.value):
                    out.append(("sys.modules", where, child.lineno))
            elif isinstance(child, ast.Subscript) and _is_sys_modules(child.value) and isinstance(
                    child.ctx, (ast.Store, ast.Del)):
                out.append(("sys.modules", where, child.lineno))
            elif isinstance(child, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and child.value is not None and \
                    _is_sys_modules(child.value):
                out.append(("sys.modules", where, child.lineno))
            visit(child, inner)

    visit(tree, "")
    return out


def allowed(module, where):
    """True when (c) allows a late import or a sys.modules edit in ``where`` of ``module``: the
    seams' late imports, and anything in ``loader`` (``LOADER``)."""
    return module == LOADER or where.split(".")[0] in SEAMS.get(module, ())


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


def test_graph_is_read(tmp_path):
    """The parser sees known edges (so an empty result below means something): ``app`` imports
    ``session`` at its top, the Delfos entry its shared screen pieces; and in a module of its
    own, an import at the top, one in a method and one by ``__import__("x")``."""
    g = graph()
    assert "session" in g["app"]
    assert "games.delfos.ui_base" in g["games.delfos.ui"]
    assert "games.delfos" in g["games.delfos.game"]  # ``from games.delfos import COLOURS``
    src = tmp_path / "m.py"
    src.write_text("import keys\n\nclass C:\n    def f(self):\n        from games.delfos import city\n"
                   "        return __import__(\"rng\")\n")
    assert imports_of(str(src), modules()) == ["games", "games.delfos", "games.delfos.city", "keys", "rng"]


def test_finder_sees_a_circle_and_a_self_import():
    """``circles`` reports a 3-module circle, a self-import, and nothing for a chain."""
    g = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": [], "e": ["e"], "f": ["d"]}
    assert circles(g) == [["a", "b", "c"], ["e"]]
    assert circles({"a": ["b"], "b": []}) == []


def test_kinds():
    """The rule's examples: engines, screens and device modules."""
    for m in ("games.delfos.ancient", "games.delfos.khaos_move", "games.delfos.game", "store", "restore",
              "games.tholos.ai", "plays", "records", "session", "rng", "games.delphi.fame"):
        assert kind(m) == "engine", m
    for m in ("app", "lowmem", "device_ui", "history", "ui", "games.delfos.ui_board", "games.delphi.calc_ui",
              "names_ui", "rules_help"):
        assert kind(m) == "screen", m
    for m in ("gfx", "keys", "fonts"):
        assert kind(m) == "device", m


def test_no_import_circle():
    """(a): every circle in the firmware's imports, named."""
    found = circles(graph())
    assert not found, "import circles:\n" + "\n".join("  " + " <-> ".join(c) for c in found)


def test_no_engine_module_imports_a_screen():
    """(b): every engine module that imports a screen module, named."""
    found = engine_imports_screen(graph())
    assert not found, "engine imports screen:\n" + "\n".join("  %s -> %s" % p for p in found)


def test_sites_are_read(tmp_path):
    """(c)'s reader on a module of its own: each kind of site, and where it stands."""
    src = tmp_path / "m.py"
    src.write_text(
        "import sys\n"
        "try:\n    import ujson as json\nexcept ImportError:\n    import json\n"
        "class C:\n    def f(self):\n        from games.delfos import city\n"
        "def g(n):\n    __import__(n)\n    del sys.modules[n]\n    sys.modules.pop(n)\n"
        "    m = sys.modules\n    return sys.modules.get(n), sys.modules[n]\n")
    assert sites(str(src)) == [
        ("top", "", 1), ("top", "", 3), ("top", "", 5), ("late", "C.f", 8), ("late", "g", 10),
        ("sys.modules", "g", 11), ("sys.modules", "g", 12), ("sys.modules", "g", 13)]


def test_one_seam_per_game():
    """(c)'s allow-list holds at most one module per game, its package, besides the phone's QR
    encoder (``phone_ui``), the device menu's screens (``device_ui``) and the rules help's text
    (``rules_help``), and every one exists."""
    known = modules()
    for m in SEAMS:
        assert m in known, "SEAMS names %s, not a firmware module" % m
        game_package = m.startswith("games.") and m.count(".") == 1
        seams = ("games", "phone", "phone_ui", "device_ui", "rules_help", "lang", "lang_text", "menu_ui")
        assert m in seams or game_package, \
            "a seam is a game's package: " + m


def test_imports_at_the_top_and_no_sys_modules_edit():
    """(c): every late import and sys.modules edit outside the allowed seams, named; prints the
    counts (``pytest -s``)."""
    top = late = in_seams = 0
    bad = []
    for m, path in sorted(modules().items()):
        for what, where, line in sites(path):
            if what == "top":
                top += 1
                continue
            late += what == "late"
            if not allowed(m, where):
                bad.append("  %s:%d %s in %s" % (os.path.relpath(path, FIRMWARE), line, what, where or "module"))
            else:
                in_seams += 1
    print("\nfirmware imports: %d at the top, %d inside functions; %d late imports or sys.modules edits in "
          "the seams" % (top, late, in_seams))
    assert not bad, "late import or sys.modules edit outside the seams (tests/test_imports.py SEAMS):\n" + \
        "\n".join(bad)


def loader_uses(path):
    """What (d) looks at in the module at ``path``: ``(what, line)`` of each use of ``sys.modules``
    ("sys.modules": read, edited, bound to a name or passed on; ``sys`` by any name it is imported
    as, or ``from sys import modules``) and each call of ``__import__`` or ``importlib``'s
    ``import_module`` ("__import__")."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    sys_names = {"sys"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            sys_names.update(a.asname or a.name for a in node.names if a.name == "sys")
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "modules" and isinstance(node.value, ast.Name) \
                and node.value.id in sys_names:
            out.append(("sys.modules", node.lineno))
        elif isinstance(node, ast.ImportFrom) and node.module == "sys" and any(
                a.name == "modules" for a in node.names):
            out.append(("sys.modules", node.lineno))
        elif isinstance(node, ast.Call):
            f = node.func
            if (isinstance(f, ast.Name) and f.id == "__import__") or (
                    isinstance(f, ast.Attribute) and f.attr == "import_module"
                    and isinstance(f.value, ast.Name) and f.value.id == "importlib"):
                out.append(("__import__", node.lineno))
    return sorted(out, key=lambda u: u[1])


def test_loader_uses_are_read(tmp_path):
    """(d)'s reader on a module of its own: a read, an edit, the dict passed on, under another
    name, ``from sys import modules``, ``__import__`` and ``importlib.import_module``; not
    ``loader.import_module`` nor another object's ``modules``."""
    src = tmp_path / "m.py"
    src.write_text(
        "import importlib\nimport loader\nimport sys\nimport sys as s\nfrom sys import modules\n"
        "def f(n, o):\n    a = sys.modules[n]\n    s.modules.pop(n)\n    g(sys.modules)\n"
        "    __import__(n)\n    importlib.import_module(n)\n    loader.import_module(n)\n    return o.modules\n")
    assert loader_uses(str(src)) == [("sys.modules", 5), ("sys.modules", 7), ("sys.modules", 8),
                                     ("sys.modules", 9), ("__import__", 10), ("__import__", 11)]


def test_only_the_loader_loads_and_lets_go_of_modules():
    """(d): every use of ``sys.modules`` and every ``__import__`` outside ``loader``, named (a
    module let go anywhere else would escape the loader's policy: docs/architecture.md, "What is
    resident, what loads on demand")."""
    known = modules()
    assert LOADER in known
    assert [w for w, _line in loader_uses(known[LOADER])].count("sys.modules") >= 5  # the reader sees its own
    bad = []
    for m, path in sorted(known.items()):
        if m != LOADER:
            bad.extend("  %s:%d %s" % (os.path.relpath(path, FIRMWARE), line, what) for what, line in loader_uses(path))
    assert not bad, "sys.modules or __import__ outside %s.py (load and let go through it):\n" % LOADER + \
        "\n".join(bad)


def seam_names(path):
    """Constant module names passed to a game's seam in the module at ``path``: ``load("x")``,
    ``drop(("x", "y"))``, ``unload("x")`` (sorted, with their line numbers)."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                "load", "drop", "unload") and node.args:
            a = node.args[0]
            for c in (a.elts if isinstance(a, (ast.Tuple, ast.List)) else [a]):
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                    out.append((c.value, node.lineno))
    return sorted(out)


def test_seams_name_modules_of_their_game():
    """Every name a game's modules pass to its seam (``load``, ``drop``, ``unload``) is a module
    of that game (a wrong name would fail only on the device, when that screen opens), and an
    engine module loads no screen through it either (rule (b))."""
    known = modules()
    bad = []
    seen = 0
    for m, path in sorted(known.items()):
        parts = m.split(".")
        if len(parts) < 2 or parts[0] != "games" or "games." + parts[1] not in SEAMS:
            continue
        for n, line in seam_names(path):
            seen += 1
            target = "games.%s.%s" % (parts[1], n)
            if target not in known:
                bad.append("  %s:%d %r: no such module" % (os.path.relpath(path, FIRMWARE), line, n))
            elif kind(m) == "engine" and kind(target) == "screen" and n in load_names(path):
                bad.append("  %s:%d %r: a screen loaded by an engine module" % (
                    os.path.relpath(path, FIRMWARE), line, n))
    assert seen > 20  # the reader sees the seams' calls
    assert not bad, "seam calls:\n" + "\n".join(bad)


def load_names(path):
    """The names of ``seam_names`` passed to ``load`` (the others only forget a module)."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    return {n.args[0].value for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id == "load" and n.args and isinstance(n.args[0], ast.Constant)}


def test_game_engines_import_only_their_own_game():
    """Issue 22: a game's engine (``games.<game>.*``, not a screen) imports nothing above
    ``session`` and ``rng`` but its own game's modules (and the ``games`` package they sit in;
    its package's seam imports ``loader``)."""
    g = graph()
    bad = []
    for m, deps in g.items():
        parts = m.split(".")
        if parts[0] != "games" or len(parts) < 2 or kind(m) != "engine":
            continue
        own = "games." + parts[1]
        for d in deps:
            if d not in ("session", "rng", "games", "loader", own) and not d.startswith(own + "."):
                bad.append("  %s -> %s" % (m, d))
    assert "games.delfos.game" in g and "rng" in g["games.delfos.game"]  # the walk sees an allowed edge
    assert not bad, "game engine imports outside its game:\n" + "\n".join(bad)


def seam_calls(path, package, funcs):
    """Calls in the module at ``path`` of the seam functions ``funcs`` of ``package`` (e.g.
    "games.delfos", ("load", "drop")): by a name imported from the package (``from games.delfos
    import load``, ``... import load as x``) or as an attribute of the package (``delfos.load(...)``
    after ``from games import delfos``, ``games.delfos.load(...)``); sorted ``(function, line)``."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    parent, _, short = package.rpartition(".")
    names = {}  # local name -> seam function
    pkgs = set()  # local names bound to the package
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == package:
            for a in node.names:
                if a.name in funcs:
                    names[a.asname or a.name] = a.name
        elif isinstance(node, ast.ImportFrom) and node.module == parent:
            pkgs.update(a.asname or a.name for a in node.names if a.name == short)
        elif isinstance(node, ast.Import):
            pkgs.update(a.asname for a in node.names if a.name == package and a.asname)
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in names:
            out.append((names[f.id], node.lineno))
        elif isinstance(f, ast.Attribute) and f.attr in funcs and (
                isinstance(f.value, ast.Name) and f.value.id in pkgs or ast.unparse(f.value) == package):
            out.append((f.attr, node.lineno))
    return sorted(out)


def test_seam_reader_sees_each_form(tmp_path):
    """``seam_calls`` finds the seam by name, by another name and by attribute, and nothing
    else named ``load`` (``json.load``, a method)."""
    src = tmp_path / "m.py"
    src.write_text(
        "import json\nimport games.delfos\nfrom games import delfos\nfrom games.delfos import drop, load as ld\n"
        "def f(fh):\n    ld('khaos')\n    drop(('x',))\n    delfos.load('a')\n    games.delfos.drop(('b',))\n"
        "    json.load(fh)\n    fh.load()\n")
    assert seam_calls(str(src), "games.delfos", ("load", "drop")) == [
        ("drop", 7), ("drop", 9), ("load", 6), ("load", 8)]


def test_engine_modules_never_call_their_game_seam():
    """Issue 22: a game's engine modules (kind "engine": state, rules, commands, automa) import
    each other at their top and never load or forget a module through their game's seam
    (``SEAMS``): the seam is the screens' (the entry ``ui`` and the screens that open rarely used
    screens).  Every such call, named."""
    bad = []
    seen = 0
    for m, path in sorted(modules().items()):
        parts = m.split(".")
        if len(parts) < 2 or parts[0] != "games":
            continue
        package = "games." + parts[1]
        funcs = SEAMS.get(package)
        if not funcs or m == package:
            continue
        calls = seam_calls(path, package, funcs)
        if kind(m) == "screen":
            seen += len(calls)
        else:
            bad.extend("  %s:%d %s()" % (os.path.relpath(path, FIRMWARE), line, f) for f, line in calls)
    assert seen > 20  # the reader sees the screens' seam calls
    assert not bad, "engine modules calling their game's seam:\n" + "\n".join(bad)
