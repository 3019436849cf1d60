"""Fast presses on the emulated Pico: presses of 20 ms or more with gaps of 30 ms or more all
count, in order (issue 21; the 50 ms lock after a release used to lose 2 of 5 presses of
30 ms every 60 ms).  The frame after them is compared with the host's main menu after as
many DOWN presses."""
import device_run

from host_sim.framebuf import FrameBuffer
from tools.hil.chip import MS


def menu_after(path, downs):
    """The main menu's frame on the host after ``downs`` DOWN presses."""
    return device_run.play(FrameBuffer, str(path), " ".join(["DOWN"] * downs), 0)[0]["last"]


def taps(s, key, n, down_ms, up_ms):
    p = s.pico
    for _ in range(n):
        p.press(key)
        p.run_for(down_ms * MS)
        p.release(key)
        p.run_for(up_ms * MS)
    s.settle(p.now)


def test_presses_of_30_ms_every_60_ms_and_of_20_ms_with_30_ms_gaps_all_count(hil, tmp_path):
    s = hil.session()
    taps(s, "DOWN", 5, 30, 30)
    assert s.frame() == menu_after(tmp_path / "a", 5)
    taps(s, "DOWN", 3, 20, 30)
    assert s.frame() == menu_after(tmp_path / "b", 8)
