"""Saved games made on the host with the project's own engine and store, for the device's flash.

``long_saves(root)`` -> {name: {device path: bytes}}: the files of a long saved game that the
device resumes at power-on (``/saves/<game>.dat`` and ``/saves/app.dat`` naming it):

- ``oracle-100``: The Oracle of Delphi, 3 players, 100 commands: consultations, Titan rolls, the
  Titan injury cards entered and recovery turns when due;
- ``delfos-solo``: a whole solo Delfos game against Khaos (``host_sim/delfos_solo.py``, seed 1,
  side B): 60 commands, each Khaos turn with its move, opened once by the host App (``settled``);
- ``delphi-end``, ``tholos-solo``: the games of those golden scripts (``tests/golden``), played by
  the host App to their end screens (``golden_saves``).

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


def delfos_played(root, play):
    """(setup, cmds) of a self-played Delfos game: ``play(delfos_solo)`` runs one of
    host_sim.delfos_solo's games and returns its (game, cmds, board); the set-up it chose is
    recorded on the way, as the game object does not keep it."""
    _paths(root)
    from host_sim import delfos_solo as ds

    seen = {}
    engines = {n: getattr(ds, n) for n in ("DelfosGame", "BoardGame")}  # BoardGame: with the ancient board

    def recording(engine):
        class Recording(engine):
            def __init__(self, setup, seed):
                seen["setup"] = setup
                engine.__init__(self, setup, seed)

        return Recording

    for n, engine in engines.items():
        setattr(ds, n, recording(engine))
    try:
        _game, cmds, _board = play(ds)
    finally:
        for n, engine in engines.items():
            setattr(ds, n, engine)
    return seen["setup"], cmds


def delfos_solo(root):
    setup, cmds = delfos_played(root, lambda ds: ds.play(1, side="B"))
    return settled(root, game_files(root, "delfos", setup, 1, cmds), 1)


def settled(root, files, seed):
    """``files`` as the device leaves them once the App has opened them: a finished game's play in
    the plays log and its number in the save, as when the game ends on the device (a save without
    them is a power cut between the end and the log: the first resume logs it, with three writes)."""
    from tools.hil import host

    out = {}
    host.play(root, "", seed, saves=files, keep=out)
    return out


def golden_saves(root, name):
    """The save files the host App leaves after the golden script ``tests/golden/<name>.keys``
    (its seed line, its keys): a whole game played to its end screens."""
    from tools.hil import host

    seed, keys = None, []
    with open(os.path.join(root, "tests", "golden", name + ".keys")) as f:
        for line in f:
            line = line.strip()
            if line.startswith("seed "):
                seed = int(line.split()[1])
            elif line and not line.startswith("#"):
                keys.append(line)
    out = {}
    host.play(root, " ".join(keys), seed, keep=out)
    return out


# The longest save of each game, resumed at power-on by ``make bench``.
LONGEST = {"oracle-100": "a 100-command Oracle game", "delfos-solo": "a whole Delfos solo game",
           "delphi-end": "a whole Delphi game", "tholos-solo": "a whole Tholos solo game"}


def long_saves(root, names=("oracle-100", "delfos-solo")):
    """{name: files} for ``names`` (keys of LONGEST); the last two are golden scripts' games."""
    make = {"oracle-100": oracle_100, "delfos-solo": delfos_solo,
            "delphi-end": lambda r: golden_saves(r, "delphi-end"),
            "tholos-solo": lambda r: golden_saves(r, "tholos-solo")}
    return {n: make[n](root) for n in names}
