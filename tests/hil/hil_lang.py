"""The Oracle's golden start (``hil_rig.GAME_SCRIPTS["oracle"]``: its set-up, the opening turns and
the table view) on the emulated Pico with the device in 繁體中文 (the setting stored as Settings,
Language stores it): the glyphs read from the language's block (frozen on the image, beside the
.mpy files on the stock image) and drawn on the chip; the host App, playing the same keys in the
same language with the seed read from the device's save, must hold the same commands and draw the
frame on the panel."""
import pytest
from hil_rig import GAME_SCRIPTS, device_settings


@pytest.mark.stock_too
def test_the_oracles_start_in_chinese_ends_on_the_hosts_frame(hil):
    from tools.hil import host

    game, script = GAME_SCRIPTS["oracle"]
    files = device_settings(lang=1)
    s = hil.session(files)
    s.play(script)
    data = s.read("/saves/%s.dat" % game)
    assert data is not None, "no Oracle game saved on the device"
    doc = host.save_doc(data)
    frame, app = host.play(hil.root, script, doc["seed"], files)
    import lang

    assert lang.index == 1  # the host played it in Chinese too
    assert app.session is not None and app.session.cmds == doc["cmds"]
    assert s.frame() == frame
