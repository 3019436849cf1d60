"""The ancient board's set-up and layout (``ancient.py``): the stored geometry, the
set-up questions of "Device moves Khaos", starting such a game, and the layout (the
device's seeded draw or the players' own, entered).  Split from ``ancient`` so a game
in play does not keep this code in RAM: it is imported while setting up, while the
board is laid out and when a replay lays it again, and dropped by the screens after
(``ui_board.resume``).

Rules: 000_fef439a868e6782a.txt, General Set-Up ("Randomly draw tiles and place them
face-up on the brown-outlined spaces ..., filling rows from top to bottom. Do not
place tiles on the 3 white-outlined spaces in the middle row").
"""
import gc

from games.delfos import SUPPLY, _int, drop
from rng import Rng

# Here, not in ``ancient`` (which imports this module): no import circle, and a game in play
# does not keep them.  TILES is ``ancient.TILES``: the 60 building tiles, 5 colours of SUPPLY.
TILES = 5 * sum(SUPPLY)
DEFAULT = {"cols": 9, "rows": 7, "whites": [30, 31, 32]}  # ASSUMED (../shared/facts.md)
SETTING = "delfos-ancient"  # the stored geometry (``stored``)


def stored(app):
    """The stored geometry setting: the geometry dict plus "confirmed" (bool); the
    assumed ``DEFAULT``, unconfirmed, until the player confirms or edits it."""
    d = app.settings(SETTING, None, check_geometry)
    if d is None:
        d = dict(DEFAULT)
    d["confirmed"] = d.get("confirmed") is True  # a geometry written by hand may lack it
    return d


def check_geometry(doc):
    """ValueError unless ``doc`` is a geometry dict (module docstring): 3-15 columns
    and rows with ``cols * rows - 3 == 60`` spaces for tiles, three distinct white
    spaces on the board.  Extra keys (the setting's "confirmed") are allowed."""
    if not isinstance(doc, dict):
        raise ValueError("geometry: a dict")
    cols = doc.get("cols")
    rows = doc.get("rows")
    if not isinstance(cols, int) or not isinstance(rows, int) or isinstance(cols, bool) or \
            isinstance(rows, bool) or not 3 <= cols <= 21 or not 3 <= rows <= 21:
        raise ValueError("geometry: cols, rows 3-21")
    if cols * rows - 3 != TILES:
        raise ValueError("geometry: cols x rows must be 63 (60 tiles + 3 white spaces)")
    w = doc.get("whites")
    if not isinstance(w, list) or len(w) != 3:
        raise ValueError("geometry: three white spaces")
    for p in w:
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < cols * rows or w.count(p) > 1:
            raise ValueError("geometry: white spaces on the board, distinct")


def middle_whites(cols, rows):
    """The middle three spaces of the middle row (the assumed white spaces)."""
    p = (rows // 2) * cols + (cols - 3) // 2
    return [p, p + 1, p + 2]


def deal(b, seed):
    """The device's layout order of board ``b``: the 60 tiles shuffled from ``seed``
    ("Randomly draw tiles": a Fisher-Yates shuffle), as codes ``colour * 5 + value - 1``."""
    k = 0
    for c in range(5):
        for v in range(5):
            for _ in range(SUPPLY[v]):
                b.order[k] = c * 5 + v
                k += 1
    rng = Rng(seed ^ 0x0A4C1E47)
    i = TILES - 1
    while i > 0:
        j = rng.below(i + 1)
        b.order[i], b.order[j] = b.order[j], b.order[i]
        i -= 1


def space(b, k):
    """Flat position of the ``k``-th brown-outlined space (0-59), reading order
    from the top row (General Set-Up: "filling rows from top to bottom")."""
    for p in range(b.cols * b.rows):
        if p not in b.whites:
            if k == 0:
                return p
            k -= 1
    raise ValueError("space: 0-59")

def next_tile(b):
    """(colour index, value) of the next tile to lay (device layout), or None."""
    if b.laid >= TILES:
        return None
    t = b.order[b.laid]
    return t // 5, t % 5 + 1

def lay(b, n):
    """Device layout: spaces up to ``n`` (laid + 1 .. 60) now hold their tiles."""
    if b.entered or not b.laid < n <= TILES:
        raise ValueError("lay: %d-%d" % (b.laid + 1, TILES))
    while b.laid < n:
        _put_code(b, space(b, b.laid), b.order[b.laid])
        b.laid += 1

def put(b, c, v):
    """Entered layout: the next space holds a tile of colour ``c`` (index), value ``v``;
    ValueError when the bag holds no more such tiles (12 per colour: SUPPLY)."""
    if not b.entered or b.laid >= TILES:
        raise ValueError("no space left to enter")
    code = c * 5 + v - 1
    used = 0
    for i in range(b.laid):
        if b.order[i] == code:
            used += 1
    if used >= SUPPLY[v - 1]:
        raise ValueError("no such tile left in the bag")
    b.order[b.laid] = code
    _put_code(b, space(b, b.laid), code)
    b.laid += 1

def left_in_bag(b, c, v):
    """Tiles of colour ``c``, value ``v`` not yet laid (entered layout)."""
    used = 0
    code = c * 5 + v - 1
    for i in range(b.laid):
        if b.order[i] == code:
            used += 1
    return SUPPLY[v - 1] - used

def _put_code(b, p, code):
    b.tcol[p] = code // 5 + 1
    b.tval[p] = code % 5 + 1


def ask(wiz, take, s):
    """The rest of ``ui_setup.Wizard.walk`` for "Device moves Khaos" (here, not in
    ``ui_setup``: the other games' set-up keeps its RAM): the next question
    (title, items), or the set-up ``s`` with its "ancient" entry (the stored geometry
    copied into the game: a replay never reads the setting).  "Matches my board" stores
    the geometry as confirmed (asked only until then).  The geometry is edited from the
    layout's menu (``ui_layout``)."""
    j = take()
    if j is None:
        return "Ancient board", ["Device draws layout", "I enter my layout"]
    geo = stored(wiz.app)
    if not geo["confirmed"]:
        k = take()
        if k is None:
            return "Board %dx%d assumed" % (geo["cols"], geo["rows"]), ["Matches my board", "Use it unconfirmed"]
        if k == 0:
            geo["confirmed"] = True
            wiz.app.save_settings(SETTING, geo)
    s["ancient"] = {"cols": geo["cols"], "rows": geo["rows"], "whites": list(geo["whites"]),
                    "layout": ("device", "entered")[j]}
    return s


def start(app, setup, after):
    """A new game with the ancient board (``setup``), started by ``app.later`` once the
    set-up questions are closed (``Begin``); ``setup`` None: the screens after the
    layout, once the layout's screen is let go.  ``after(app)`` (the screens' ``ui.after_move``,
    passed in: this module imports no screen) builds the game's screens."""
    app.later("New game", Begin(app, setup, after).run)


class Begin:
    """``Begin(app, setup, after).run()``: the set-up module (``ui_setup``) and the Khaos deck's
    module are let go and collected first, then the game is started and its screens
    imported: the game's objects fill the set-up's holes instead of splitting the heap
    further (the Pico's heap).  A class here, so nothing of ``ui_setup`` is held."""

    def __init__(self, app, setup, after):
        self.app = app
        self.setup = setup
        self.after = after

    def run(self):

        app = self.app
        del app.stack[1:]
        drop(("ui_setup", "khaos", "ui_layout", "ancient_set") if self.setup is None else
             ("ui_setup", "khaos", "ui_layout"))
        gc.collect()
        if self.setup is not None:
            app.start_session(self.setup)
            drop(("khaos",))  # not needed while the board is laid out (imported again for Khaos)
            gc.collect()
        self.after(app)
        app.save()


def do_lay(gm, cmd):
    """``["lay", n]`` (``game.py``): the device's layout (000, General Set-Up), spaces up to
    ``n`` laid.  ValueError once the board is laid or for ``n`` out of 1-60."""

    if gm.phase() != "layout":
        raise ValueError("the ancient board is laid out")
    if len(cmd) != 2:
        raise ValueError("lay: spaces laid")
    lay(gm.board, _int(cmd[1], 1, 60, "spaces"))


def do_tiles(gm, cmd):
    """``["tiles", codes]`` (``game.py``): the players' own layout (000, General Set-Up),
    one letter a-y per space, extending what is laid.  ValueError once the board is laid,
    for codes that change the spaces laid, a bad code or a tile not left in the bag."""
    if gm.phase() != "layout":
        raise ValueError("the ancient board is laid out")
    b = gm.board
    codes = cmd[1] if len(cmd) == 2 else None
    if not isinstance(codes, str) or not b.laid < len(codes) <= 60:
        raise ValueError("tiles: codes a-y, more than laid")
    for i in range(b.laid):
        if ord(codes[i]) - 97 != b.order[i]:
            raise ValueError("tiles: the spaces laid differ")
    for i in range(b.laid, len(codes)):  # every code checked before the first is put
        k = ord(codes[i]) - 97
        if not 0 <= k < 25:
            raise ValueError("tiles: codes a-y")
        if codes.count(codes[i], 0, i + 1) > SUPPLY[k % 5]:  # as ``put`` counts (the laid part is ``order``)
            raise ValueError("no such tile left in the bag")
    for i in range(b.laid, len(codes)):
        k = ord(codes[i]) - 97
        put(b, k // 5, k % 5 + 1)
