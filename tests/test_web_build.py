"""`make web`'s bundle (tools/build_web.py): every compiled firmware module and the browser board.

Runs without a browser or node: only the bundle step, on the firmware cross-compiled here.
"""
import os
import sys

from helpers import ROOT, build_mpy

sys.path.insert(0, os.path.join(ROOT, "tools"))
import build_web  # noqa: E402

sys.path.pop(0)


def test_bundle_has_every_firmware_module_and_the_web_board(tmp_path):
    files = build_web.firmware_files(build_mpy(), str(tmp_path))
    want = set()
    for d, _dirs, names in os.walk(os.path.join(ROOT, "firmware")):
        for n in names:
            if n.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, n), os.path.join(ROOT, "firmware")).replace(os.sep, "/")
                want.add(rel[:-3] + ".mpy")
    want.discard("main.mpy")  # its App.run() never returns: the page calls App.poll() instead
    want.add("board.mpy")  # boards/web/board.py, imported by the App as `board`
    want.discard("lang_zh_hant.mpy")  # the language's block read from its file, as on make deploy's route
    want.add("lang_zh_hant.bin")
    assert set(files) == want
    for name, data in files.items():
        magic = b"DL\x01" if name.endswith(".bin") else b"M"  # firmware/lang.py's block; the .mpy header
        assert data[:len(magic)] == magic, name


def test_the_help_is_there_in_each_language():
    games = build_web.help_pages()
    oracle = [g for g in games if g["game"] == "oracle"][0]
    assert oracle["pages"][0][0] == "Recover" and oracle["zh-Hant"]["pages"][0][0] == "恢復"  # i18n/zh-Hant.txt
    assert oracle["zh-Hant"]["label"] == "德爾菲神諭"
    for g in games:
        assert len(g["pages"]) == len(g["zh-Hant"]["pages"])
        for (t, b), (zt, zb) in zip(g["pages"], g["zh-Hant"]["pages"], strict=True):
            assert (zt, zb) != (t, b) and zt and zb, (g["game"], t)
