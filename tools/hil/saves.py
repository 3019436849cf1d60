"""Saved games made on the host with the project's own engine and store, for the device's flash.

``long_saves(root)`` -> {name: {device path: bytes}}: the files of a long saved game that the
device resumes at power-on (``/saves/<game>.dat`` and ``/saves/app.dat`` naming it):

- ``oracle-100``: The Oracle of Delphi, 3 players, 100 commands: consultations, Titan rolls, the
  Titan injury cards entered and recovery turns when due;
- ``delfos-solo``: a whole solo Delfos game against Khaos (``host_sim/delfos_solo.py``, seed 1,
  side B): 60 commands, each Khaos turn with its move.

The project's ``firmware`` and ``host_sim`` of ``root`` are imported in this process (one root
per process).
"""
import os
import sys
import tempfile

SAVE_DIR = "/saves"


def _paths(root):
    for p in (os.path.join(root, "host_sim", "shims"), root, os.path.join(root, "firmware")):
        if p not in sys.path:
            sys.path.insert(0, p)


def game_files(root, game, setup, seed, cmds):
    """The save files of one game, written by the project's ``store.Store``."""
    _paths(root)
    import games
    from session import Session
    from store import OsFs, Store

    ui = games.ui_module(game)
    s = Session(ui.GAME_CLS, setup, seed, cmds)  # replays: the commands must be legal
    doc = s.to_doc()
    doc["screen"] = None
    out = {}
    with tempfile.TemporaryDirectory() as d:
        st = Store(OsFs(d))
        st.save(game, doc)
        st.save("app", {"last": game})
        for n in os.listdir(d):
            with open(os.path.join(d, n), "rb") as f:
                out[SAVE_DIR + "/" + n] = f.read()
    return out


def oracle_100(root):
    """100 commands of a 3-player game: consultations and Titan rolls, with every Titan injury
    card entered and a recovery turn when one is due (the engine checks each command)."""
    _paths(root)
    from games.oracle import game as og
    from games.oracle import rules

    setup = {"players": 3, "start": 0}
    g = og.OracleGame(setup, 2024)
    cmds = []
    while len(cmds) < 100:
        waiting = [p for p in range(g.n) if g.pending[p]]
        if waiting:
            p = waiting[0]
            cmd = ["injury", p, len(cmds) % 6, 1]
        elif g.phase == og.TITAN:
            cmd = ["titan"]
        elif g.due() == rules.CHECK_RECOVER:
            held = g.injuries[g.active()]
            cols = []
            for c in range(6):
                cols += [c] * held[c]
            cmd = ["recover", cols[:3]]
        else:
            cmd = ["consult"]
        g.apply(cmd)
        cmds.append(cmd)
    return game_files(root, "oracle", setup, 2024, cmds)


def delfos_solo(root):
    _paths(root)
    from host_sim import delfos_solo as ds

    seen = {}
    engine = ds.DelfosGame

    class Recording(engine):  # the set-up play() chose, which the game object does not keep
        def __init__(self, setup, seed):
            seen["setup"] = setup
            engine.__init__(self, setup, seed)

    ds.DelfosGame = Recording
    try:
        _game, cmds, _board = ds.play(1, side="B")
    finally:
        ds.DelfosGame = engine
    return game_files(root, "delfos", seen["setup"], 1, cmds)


def long_saves(root):
    return {"oracle-100": oracle_100(root), "delfos-solo": delfos_solo(root)}
