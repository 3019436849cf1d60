"""Key mashing through the real App (host board, background work settled after every
key as App.poll does), a power cut after keys, every game from a fresh start and
from a resumed save, escape to the main menu, undo to the start, hand-edited saves
with wrong values in the new commands.  Fixed seeds; CPython.  The long mashing runs in
`make soak` (marked ``soak``), the rest in `make test`."""
import json
import os

import device_run
import helpers
import pytest
from store import OsFs, Store

from host_sim.framebuf import FrameBuffer

UP, DOWN, OK, BACK, LEFT, RIGHT = 1, 2, 3, 4, 5, 6
NAMES = ("oracle", "delfos", "delphi", "delphi-calc", "tholos", "dice")  # main menu order


def bad(app, where=""):
    t = app.toast_text or ""
    assert not t.startswith(("Error", "Could not")) and "Out of memory" not in t, (where, t)
    assert not app.draw_errors, (where, app.draw_errors)


boot = helpers.booter(None, bench=True, watch=True, settle=True)
press = helpers.presser(settle=True, check=bad)  # background work settled after every key
name_of = helpers.top_name


def escape(app, where):
    """BACK until the main menu; a menu offering the main menu is taken up on it."""
    for _ in range(30):
        if name_of(app) == "MainMenu":
            return
        t = app.top()
        mm = [j for j, it in enumerate(getattr(t, "items", None) or []) if "main menu" in str(it).lower()]
        if mm:
            while t.index != mm[-1]:
                press(app, DOWN, where)
            press(app, OK, where)
        else:
            press(app, BACK, where)
    raise AssertionError("%s: stuck on %s" % (where, name_of(app)))


def reopen(app, name):
    if not app.open_saved(name):
        app.toast_text = None
        app.new_game(name)
    device_run.settle(app)


def mash_and_escape(app, path, seed, name, n, cut_every):
    """``n`` random keys in game ``name`` (opened again whenever they lead to the main menu),
    the power cut after every ``cut_every``-th key (``helpers.mash``), then back to the main menu."""

    def back_in(app):
        if name_of(app) == "MainMenu":
            reopen(app, name)

    helpers.mash(app, path, seed, n, press, boot, bad, cut=lambda i: i % cut_every == 0, after=back_in, name=name)
    escape(app, name)


@pytest.mark.soak  # long key mashing: `make soak`
@pytest.mark.parametrize("game", range(len(NAMES)))
def test_mashing_a_fresh_game(tmp_path, game):
    path = tmp_path / "m"
    app = boot(path, 11 + game)
    for _ in range(game):
        press(app, DOWN)
    press(app, OK)
    mash_and_escape(app, path, 11 + game, NAMES[game], 160, 4)


@pytest.mark.soak  # long key mashing: `make soak`
@pytest.mark.parametrize("script", ["oracle", "delfos-end", "delfos-solo", "delphi-end", "delphi-oracle",
                                    "tholos-solo", "dice"])
def test_mashing_a_resumed_game(tmp_path, script):
    keys, seed = device_run.load_scripts()[script]
    path = tmp_path / "m"
    _f, _s, _p, first = device_run.play(FrameBuffer, str(path), keys, seed)
    app = boot(path, seed)
    assert app.session is not None and app.session.cmds == first.session.cmds
    mash_and_escape(app, path, seed, first.game_name, 80, 3)


def state(obj):
    return {k: (state(v) if hasattr(v, "__dict__") else repr(v)) for k, v in vars(obj).items()}


@pytest.mark.parametrize("script", ["oracle", "delfos-end", "delphi-end", "tholos", "dice"])
def test_undo_to_the_start_is_a_fresh_game(tmp_path, script):
    keys, seed = device_run.load_scripts()[script]
    _f, _s, _p, app = device_run.play(FrameBuffer, str(tmp_path), keys, seed)
    app.draw_errors = []
    s = app.session
    assert s.cmds
    for _ in range(len(s.cmds) + 2):  # past the start: "Nothing to undo"
        app.toast_text = None
        app.game_menu()
        press(app, OK)  # its cursor on "Undo last step"
    assert app.session.cmds == []
    assert state(app.session.game) == state(s.game_cls(s.setup, s.seed))
    again = boot(tmp_path, seed)
    assert again.session.cmds == []


# A command of each new kind, hand-edited to a wrong value: refused at resume with a
# message, never a crash later.
EDITS = [
    ("oracle", "favor", 2, "3"), ("oracle", "favor", 2, None), ("oracle", "injury", 2, 9),
    ("oracle", "injury", 3, "x"), ("oracle", "recover", 1, [0, 0, 9]), ("oracle", "recover", 1, "rgb"),
    ("oracle", "battle", 2, -1), ("oracle", "final", 3, 1.5), ("oracle", "check", 1, "gold"),
    ("delphi-end", "face_down", 1, "sparta-x"), ("delphi-end", "face_down", 2, "zz"),
    ("delphi-end", "face_down", 1, None), ("delphi-end", "hand", 2, "24"), ("delphi-end", "hand", 2, 99),
    ("delphi-end", "set_fame", 3, "x"), ("delphi-oracle", "oracle_add", 2, 7),
    ("delfos-end", "goals", 2, "pink"), ("delfos-end", "place", 2, "5"), ("delfos-end", "place", 3, -1),
    ("delfos-solo", "khaos", 1, 3), ("tholos", "place", 1, "x"), ("dice", "dice", 1, "many"),
]


@pytest.mark.parametrize("script,op,arg,value", EDITS)
def test_hand_edited_commands_are_refused_at_resume(tmp_path, script, op, arg, value):
    keys, seed = device_run.load_scripts()[script]
    _f, _s, _p, app = device_run.play(FrameBuffer, str(tmp_path), keys, seed)
    name = app.game_name
    doc, _w = Store(OsFs(str(tmp_path))).load(name)
    cmds = doc["cmds"]
    doc = json.loads(json.dumps(doc))
    found = [j for j, c in enumerate(cmds) if c[0] == op]
    if not found:  # not in the script: a favor taken by hand, added at the end
        doc["cmds"].append([op, 0, 1])
        found = [len(cmds)]
    i = found[0]
    if arg >= len(doc["cmds"][i]):
        doc["cmds"][i].append(value)
    else:
        doc["cmds"][i][arg] = value
    for f in os.listdir(str(tmp_path)):
        os.remove(str(tmp_path / f))
    st = Store(OsFs(str(tmp_path)))
    st.save(name, doc)
    st.save("app", {"last": name})
    again = boot(tmp_path, seed)
    bad(again, "resume")
    assert again.session is None and again.toast_text, again.toast_text  # refused, said so
    for k in [OK] * 5:  # the menu still works: a new game or the other save
        press(again, k)
