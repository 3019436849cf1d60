"""What the emulated-Pico scenarios share (``make hil``: tests/hil, MicroPython; ``make hil-cp``:
tests/hil_cp, CircuitPython): the rig each conftest.py makes (``Rig``: boot a session, boot from
a kept flash image, the golden frames) and the scripted sessions checked against the host App
(``GAME_SCRIPTS``, ``ends_on_the_hosts_frame``), and the panels' session with the chip set in the
stored settings (``PANEL_SCRIPT``, ``PANEL_REST``, ``device_settings``, ``host_frames``,
``plays_the_panel_session``)."""
import os
import sys

import helpers

# name -> (game, keys): the start of each game's golden script (tests/golden): its set-up and a few
# turns (Delfos: solo, a building tile placed and Khaos's turn).  The Tholos solo script ends with
# the device's own move: its search runs on a node budget, so the host finds the same move.  The
# Oracle's ends on the table view (LEFT): the chip's scaled text (ink.draw_scaled) against the host's.
GAME_SCRIPTS = {
    "oracle": ("oracle", "OK OK DOWN OK OK OK OK OK OK OK OK OK OK LEFT"),
    "delfos-solo": ("delfos", "DOWN OK OK OK OK DOWN DOWN OK OK DOWN DOWN DOWN DOWN DOWN DOWN OK OK DOWN OK OK "
                              "OK OK OK OK OK OK OK OK OK OK"),
    "delphi": ("delphi", "DOWN DOWN OK OK OK OK OK OK OK OK OK DOWN OK"),
    "tholos": ("tholos", "DOWN DOWN DOWN DOWN OK OK DOWN OK DOWN OK DOWN DOWN OK DOWN OK OK DOWN DOWN OK"),
    "tholos-solo": ("tholos", "DOWN DOWN DOWN DOWN OK DOWN OK DOWN DOWN DOWN OK OK"),
}


class Rig:
    """One kind of emulated Pico: ``root`` is the project laid out on it; a subclass says how a
    session is made (``_new(files)``) and made from a kept flash image (``_from_image(image)``)."""

    root = helpers.ROOT

    def _new(self, files):
        raise NotImplementedError

    def _from_image(self, image):
        raise NotImplementedError

    def session(self, files=None, boot=True):
        """A Pico with ``files`` ({path: bytes}) added to its flash; booted unless ``boot`` is False."""
        s = self._new(files)
        if boot:
            s.boot()
        return s

    def session_from(self, image):
        """A Pico booted from the flash file system ``image`` (bytes) kept from another one."""
        s = self._from_image(image)
        s.boot()
        return s

    def golden(self, name):
        """The golden frames of ``tests/golden/<name>.json`` in the project under test."""
        return helpers.golden(name, self.root)


def ends_on_the_hosts_frame(rig, name, where="the device", quiet=False):
    """Play ``GAME_SCRIPTS[name]`` on a fresh session of ``rig`` (``quiet``: nothing printed on the
    USB serial then, as an uncaught error prints its traceback there); the host App, playing the
    same keys with the seed read from the device's save, must hold the same commands and draw
    the frame on the panel."""
    from tools.hil import host

    game, script = GAME_SCRIPTS[name]
    s = rig.session()
    s.play(script)
    if quiet:
        assert s.errors() == ""
    data = s.read("/saves/%s.dat" % game)
    assert data is not None, "no %s game saved on %s" % (game, where)
    doc = host.save_doc(data)
    frame, app = host.play(rig.root, script, doc["seed"])
    assert app.session is not None and app.session.cmds == doc["cmds"]
    assert s.frame() == frame


# The panels' session (tests/hil/hil_panels.py, tests/hil_cp/hil_cp_panels.py): a screen or two of
# each game (Oracle, Delfos, Delphi, Tholos: their first screen, BACK to the main menu; the dice: the
# roller, and its game menu's "Main menu"); then Settings (BACK on the main menu: the device menu),
# "Dim after" stepped.  Nothing drawn at random: the host's seed is not the device's.
PANEL_SCRIPT = ("OK BACK DOWN OK BACK DOWN OK BACK DOWN DOWN OK BACK DOWN OK BACK DOWN DOWN OK "
                "BACK DOWN DOWN OK DOWN OK")
# The rest in seconds (the settings screen offers minutes): dim after 3 s, off after 4 (a dimmed
# panel takes the next key to wake it: no key of the script comes 3 s after the one before).
PANEL_REST = {"dim": 3, "off": 4}


def device_settings(**doc):
    """The device's stored settings ``doc`` as a flash file ({path: bytes})."""
    sys.path.insert(0, os.path.join(helpers.ROOT, "firmware"))
    try:
        import store
    finally:
        sys.path.pop(0)
    return {"/saves/set-device.dat": store.encode(doc, 1)}


def host_frames(script, saves):
    """The host App's frame after each key of ``script`` (as ``tools.hil.host.play``)."""
    import tempfile

    from tools.hil import host

    host._paths(helpers.ROOT)
    from app import App
    from device_run import BenchBoard, settle
    from host_sim.framebuf import FrameBuffer

    out = []
    with tempfile.TemporaryDirectory() as d:
        for path, data in saves.items():
            with open(os.path.join(d, os.path.basename(path)), "wb") as f:
                f.write(data)
        board = BenchBoard(FrameBuffer, d, 1)
        app = App(board).boot()
        settle(app)
        out.append(bytes(board.buf))
        for key in script.split():
            app.handle(host.KEYS[key])
            settle(app)
            out.append(bytes(board.buf))
    return out


def plays_the_panel_session(s, files):
    """Boot session ``s`` (its flash holding ``files``) and play ``PANEL_SCRIPT`` on it: after
    every key the panel must show the host App's frame.  Returns the host's frames."""
    s.boot()
    want = host_frames(PANEL_SCRIPT, files)
    assert s.frame() == want[0], "the main menu"
    for i, key in enumerate(PANEL_SCRIPT.split()):
        s.key(key)
        assert s.frame() == want[i + 1], "after key %d (%s)" % (i + 1, key)
    return want


def key_figures(s, what):
    """Print the bytes a key and the time from each key to its last frame (wire time included) of
    session ``s`` (``pytest -s`` shows them; docs/measured.md keeps them)."""
    from statistics import median

    rs = s.results
    print("%s: %d keys, bytes a key median %d max %d; key to its last frame (wire time included) "
          "median %.1f ms max %.1f ms" % (what, len(rs), median([r.nbytes for r in rs]), max(r.nbytes for r in rs),
                                          median([r.done_ns for r in rs]) / 1e6, max(r.done_ns for r in rs) / 1e6))
