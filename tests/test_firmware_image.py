"""The project's own MicroPython image (``make firmware``, ``make release``): the parts that need
no Arm compiler.  The image itself is run on the emulated Pico by ``make hil`` (tests/hil).

What is asserted comes from the issue (21) and MicroPython's documented behaviour: the image is
MicroPython v1.28.0 for RPI_PICO named ``<project>-<version>-RPI_PICO.uf2``; a frozen image's
``sys.path`` is ``['', '.frozen', '/lib']`` (MicroPython docs, "MicroPython manifest files" and
``sys.path``), so files on the flash root would shadow the frozen modules.
"""
import os
import re
import subprocess
import struct
import sys
import tarfile
import zipfile

import pytest

from tools import build_firmware, release
from tools.hil import fsimage

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")

# Stand-ins for the board file and the App, so main.py runs on the unix port without hardware.
RUN_MAIN = '''
import sys
class _M:
    pass
board = _M()
board.Board = lambda: None
app = _M()
class App:
    def __init__(self, b):
        pass
    def boot(self):
        return self
    def run(self):
        print("PATH", sys.path)
app.App = App
sys.modules["board"] = board
sys.modules["app"] = app
sys.path[:] = %r
exec(open(%r).read())
'''


def _main_path(start):
    """sys.path once firmware/main.py has started the App, on MicroPython's unix port."""
    out = subprocess.run([MICROPYTHON, "-c", RUN_MAIN % (start, os.path.join(ROOT, "firmware", "main.py"))],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    m = re.search(r"PATH (\[.*\])", out)
    assert m, out
    return eval(m.group(1))  # a list of str printed by MicroPython


def test_main_puts_the_frozen_modules_before_the_flash_root():
    # the frozen image's order: an earlier make deploy's .mpy files on the root would come first
    assert _main_path(["", ".frozen", "/lib"]) == [".frozen", "", "/lib"]


def test_main_leaves_a_path_without_frozen_modules_as_it_is():
    assert _main_path(["", "/lib"]) == ["", "/lib"]


def test_image_is_named_after_the_project_and_its_version():
    with open(os.path.join(ROOT, "firmware", "version.py")) as f:
        version = re.search(r'VERSION = "(.+)"', f.read()).group(1)
    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        project = re.search(r'^name = "(.+)"', f.read(), re.M).group(1)
    assert build_firmware.image_name() == "%s-%s-RPI_PICO.uf2" % (project, version)


def test_the_build_pins_micropython_v1_28_0_and_git_never_finds_the_enclosing_repository(tmp_path):
    repo = tmp_path / "project"
    src, work = repo / "build" / "firmware" / "src", repo / "build" / "firmware" / "work"
    for d in (src / "micropython" / "py", src / "picotool", work / "rp2"):
        d.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    env = build_firmware.env_for(str(work), str(src / "micropython"), str(src / "picotool"))
    assert env["MICROPY_GIT_TAG"] == "v1.28.0"  # what makeversionhdr.py would otherwise ask git
    assert env["SOURCE_DATE_EPOCH"].isdigit()  # the banner's build date: the same at every build
    for cwd in (src / "micropython" / "py", src / "picotool", work / "rp2"):
        found = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=cwd, env=env, capture_output=True)
        assert found.returncode != 0, (cwd, found.stdout)  # "not a git repository"
        mine = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=cwd, capture_output=True, text=True)
        assert mine.stdout.strip() == str(repo)  # without the build's environment git would find it


def _fake_sources(top):
    for path in ("micropython/ports/rp2/Makefile", "micropython/lib/pico-sdk/README.md", "picotool/CMakeLists.txt"):
        full = top / path
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_text("x\n")


def test_sources_from_a_tarball_are_unpacked_under_the_build_folder(tmp_path):
    _fake_sources(tmp_path / "tree")
    tar = tmp_path / "src.tar.xz"
    with tarfile.open(tar, "w:xz") as t:
        t.add(tmp_path / "tree" / "micropython", "micropython")
        t.add(tmp_path / "tree" / "picotool", "picotool")
    work = tmp_path / "build"
    mp, pt = build_firmware.sources(str(tar), str(work))
    assert mp == str(work / "src" / "micropython") and pt == str(work / "src" / "picotool")
    assert os.path.exists(os.path.join(mp, "ports", "rp2", "Makefile"))


def test_sources_from_a_folder_are_used_in_place_and_a_missing_part_is_named(tmp_path):
    _fake_sources(tmp_path / "tree")
    mp, pt = build_firmware.sources(str(tmp_path / "tree"), str(tmp_path / "build"))
    assert mp == str(tmp_path / "tree" / "micropython")
    os.remove(tmp_path / "tree" / "picotool" / "CMakeLists.txt")
    with pytest.raises(SystemExit, match="picotool"):
        build_firmware.sources(str(tmp_path / "tree"), str(tmp_path / "build"))


def _tarball(path, tree, version):
    """A tarball of stand-in sources whose MicroPython says it is ``version`` (1.26.1, 1.28.0)."""
    _fake_sources(tree)
    major, minor, micro = version.split(".")
    (tree / "micropython" / "py").mkdir(exist_ok=True)
    (tree / "micropython" / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR (%s)\n#define MICROPY_VERSION_MINOR (%s)\n#define MICROPY_VERSION_MICRO (%s)\n"
        % (major, minor, micro))
    with tarfile.open(path, "w:xz") as t:
        t.add(tree / "micropython", "micropython")
        t.add(tree / "picotool", "picotool")
    return str(path)


def uf2_blocks(addrs, size=256):
    """UF2 blocks (512 bytes each: the two start magics, flags, target address, payload size, ...,
    the end magic) writing ``size`` bytes at each address of ``addrs``."""
    out = b""
    for i, a in enumerate(addrs):
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, a, size, i, len(addrs), 0xE48BFF56)
        out += head + bytes(476) + struct.pack("<I", 0x0AB16F30)
    return out


def test_the_build_reports_the_firmware_regions_room_and_stops_under_32_kb(tmp_path, capsys):
    # The Pico's image may fill 640 KB of its 2 MB (the rest is the drive, 1,408 KB); an image
    # must leave 32 KB of those free (issue 52).
    ok = tmp_path / "ok.uf2"
    ok.write_bytes(uf2_blocks([0x10000000 + 256 * i for i in range(4)] + [0x10000000 + 600 * 1024 - 256]))
    assert build_firmware.image_bytes(str(ok)) == 600 * 1024
    assert build_firmware.room(str(ok)) == 40 * 1024
    assert "40.0 KB" in capsys.readouterr().out
    full = tmp_path / "full.uf2"
    full.write_bytes(uf2_blocks([0x10000000, 0x10000000 + 620 * 1024]))
    with pytest.raises(SystemExit, match="under 32 KB"):
        build_firmware.room(str(full))
    assert build_firmware.room(str(full), "RPI_PICO2") == 1024 * 1024 - 620 * 1024 - 256
    e10 = tmp_path / "rp2350.uf2"  # an RP2350 image's erratum block at the end of 16 MB: not the image's
    e10.write_bytes(uf2_blocks([0x10000000, 0x10FFFF00]))
    assert build_firmware.image_bytes(str(e10)) == 256
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(b"uf2")
    with pytest.raises(ValueError):
        build_firmware.image_bytes(str(bad))


class FakeBuild:
    """Stands in for the compilers behind ``build_firmware.run``: each tool leaves what it makes (an
    object file in the folder it builds in), and the commands are kept."""

    def __init__(self):
        self.cmds = []

    def __call__(self, cmd, cwd=None, env=None, log=None):
        self.cmds.append(cmd)
        arg = dict(a.split("=", 1) for a in cmd if "=" in a and not a.startswith("-"))
        if cmd[0] == "make" and cmd[2].endswith("mpy-cross"):
            os.makedirs(os.path.join(cmd[2], "build"))
            open(os.path.join(cmd[2], "build", "mpy-cross"), "w").close()
        elif cmd[:2] == ["cmake", "--build"]:
            open(os.path.join(cmd[2], "built.o"), "w").close()
        elif cmd[:2] == ["cmake", "--install"]:
            inst = env["PICOTOOL_FETCH_FROM_GIT_PATH"]
            os.makedirs(os.path.join(inst, "picotool"), exist_ok=True)
            open(os.path.join(inst, "picotool", "picotoolConfig.cmake"), "w").close()
        elif "-march=armv6m" in cmd:
            open(cmd[cmd.index("-o") + 1], "w").close()
        elif cmd[0] == "make":  # the port: its objects and the image in BUILD=
            bdir = arg["BUILD"]
            os.makedirs(os.path.join(bdir, "genhdr"), exist_ok=True)
            with open(os.path.join(bdir, "genhdr", "mpversion.h"), "w") as f:
                f.write('#define MICROPY_GIT_TAG "%s"\n' % build_firmware.MICROPY_TAG)
            with open(os.path.join(bdir, "firmware.uf2"), "wb") as f:
                f.write(uf2_blocks([0x10000000]))
            open(os.path.join(bdir, "modos.o"), "w").close()

    def count(self, *start):
        return sum(1 for c in self.cmds if c[:len(start)] == list(start))


def test_switching_the_sources_rebuilds_the_work_folders_and_picotool_from_scratch(tmp_path, monkeypatch):
    # Bug: a checkout that had built v1.26.1 kept build/firmware/work* and the installed picotool
    # when the sources became v1.28.0's; the tarball's files carry old dates, so make kept the old
    # objects (a mixed image) or stopped on a file v1.28.0 removed (ports/rp2/modos.c).
    root = tmp_path / "project"
    (root / "firmware").mkdir(parents=True)
    (root / "firmware" / "version.py").write_text('VERSION = "9.9"\n')
    monkeypatch.setattr(build_firmware, "ROOT", str(root))
    monkeypatch.setattr(build_firmware, "check_tools", lambda: None)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1775481229")
    fake = FakeBuild()
    monkeypatch.setattr(build_firmware, "run", fake)
    old = _tarball(tmp_path / "old.tar.xz", tmp_path / "old", "1.26.1")
    new = _tarball(tmp_path / "new.tar.xz", tmp_path / "new", "1.28.0")
    fw = root / "build" / "firmware"
    work = fw / "work"
    obj = work / "rp2-RPI_PICO" / "modos.o"

    build_firmware.build(old, str(fw), 1)
    assert obj.exists() and fake.count("cmake", "--install") == 1 and fake.count("make", "-C") == 2
    build_firmware.build(old, str(fw), 1)  # the same sources: everything kept, nothing rebuilt but the image
    assert fake.count("cmake", "--install") == 1 and fake.count("make", "-C") == 3
    (fw / "picotool-build" / "stale.o").write_text("")
    work_check = fw / "work-check"
    build_firmware.build(old, str(fw / "check"), 1, work=str(work_check))
    assert (work_check / "rp2-RPI_PICO" / "modos.o").exists()

    os.remove(obj)  # the next build must not find it unless it made it itself
    (work / "rp2-RPI_PICO" / "old.o").write_text("")
    (work_check / "rp2-RPI_PICO" / "old.o").write_text("")
    build_firmware.build(new, str(fw), 1)
    assert not (work / "rp2-RPI_PICO" / "old.o").exists() and obj.exists()
    assert not (fw / "picotool-build" / "stale.o").exists() and (fw / "picotool-build" / "built.o").exists()
    assert fake.count("cmake", "--install") == 2  # picotool built again from the new sources
    assert fake.count("make", "-C", str(fw / "src" / "micropython" / "mpy-cross")) == 2  # and mpy-cross
    assert build_firmware.source_ident(old) != build_firmware.source_ident(new)
    build_firmware.build(new, str(fw / "check"), 1, work=str(work_check))
    assert not (work_check / "rp2-RPI_PICO" / "old.o").exists()


def test_a_work_folder_built_before_its_sources_were_recorded_is_built_afresh(tmp_path, monkeypatch):
    monkeypatch.setattr(build_firmware, "ROOT", str(tmp_path))
    work = tmp_path / "build" / "firmware" / "work"
    (work / "rp2-RPI_PICO").mkdir(parents=True)
    (work / "rp2-RPI_PICO" / "modos.o").write_text("")
    ident = "v1.28.0 from tarball sha256 5f16\n"
    assert build_firmware.fresh_for(str(work), ident) is True
    assert os.listdir(work) == [build_firmware.SOURCES_STAMP]
    assert build_firmware.fresh_for(str(work), ident) is False
    assert build_firmware.fresh_for(str(tmp_path / "none"), ident) is False  # nothing there to remove
    mine = tmp_path / "mine"  # a folder given with --work, outside build/, holding someone's files
    mine.mkdir()
    (mine / "notes.txt").write_text("keep")
    with pytest.raises(SystemExit, match="no build made"):
        build_firmware.fresh_for(str(mine), ident)
    assert (mine / "notes.txt").read_text() == "keep"


def test_a_folder_of_sources_is_named_by_its_path_and_micropython_version(tmp_path):
    _tarball(tmp_path / "a.tar.xz", tmp_path / "tree", "1.28.0")
    ident = build_firmware.source_ident(str(tmp_path / "tree"))
    assert str(tmp_path / "tree") in ident and "MicroPython 1.28.0" in ident
    mpconfig = tmp_path / "tree" / "micropython" / "py" / "mpconfig.h"
    mpconfig.write_text(mpconfig.read_text().replace("MINOR (28)", "MINOR (27)"))
    assert build_firmware.source_ident(str(tmp_path / "tree")) != ident


def test_release_zips_are_the_same_bytes_every_time(tmp_path):
    files = {"b/x.mpy": b"M2", "a.mpy": b"M1"}
    release.write_zip(str(tmp_path / "1.zip"), files)
    release.write_zip(str(tmp_path / "2.zip"), dict(reversed(list(files.items()))))
    assert (tmp_path / "1.zip").read_bytes() == (tmp_path / "2.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "1.zip") as z:
        assert z.namelist() == ["a.mpy", "b/x.mpy"]
        assert z.read("b/x.mpy") == b"M2"


def test_files_added_to_a_flash_image_keep_what_was_there():
    img = fsimage.build_image({"/saves/oracle.dat": b"S", "/notes.txt": b"N"})
    img2 = fsimage.add_files(img, {"/app.mpy": b"M", "/notes.txt": b"N2"})
    assert sorted(fsimage.list_files(img2)) == ["/app.mpy", "/notes.txt", "/saves/oracle.dat"]
    assert fsimage.read_file(img2, "/notes.txt") == b"N2" and fsimage.read_file(img2, "/saves/oracle.dat") == b"S"
    assert sorted(fsimage.list_files(img)) == ["/notes.txt", "/saves/oracle.dat"]  # the first one unchanged
    assert fsimage.read_file(img, "/notes.txt") == b"N"


def test_each_board_has_its_image_and_an_unknown_one_is_refused():
    assert build_firmware.image_name("RPI_PICO2").endswith("-RPI_PICO2.uf2")
    assert build_firmware.image_name("RPI_PICO") != build_firmware.image_name("RPI_PICO2")
    with pytest.raises(SystemExit, match="RPI_PICO_W"):
        build_firmware.image_name("RPI_PICO_W")


def test_the_spi_wiring_has_its_own_image_name():
    assert build_firmware.image_name("RPI_PICO", "spi").endswith("-RPI_PICO-spi.uf2")
    assert build_firmware.image_name("RPI_PICO2", "spi").endswith("-RPI_PICO2-spi.uf2")
    with pytest.raises(SystemExit, match="WIRING=usb"):
        build_firmware.image_name("RPI_PICO", "usb")
    # that the image drives the SPI wiring is proven on the emulated Pico (tests/hil/hil_panels.py)


@pytest.mark.parametrize("board, arch", [("RPI_PICO", 4), ("RPI_PICO2", 7)])
def test_the_boards_machine_code_is_compiled_for_its_chip(tmp_path, board, arch):
    # MicroPython's .mpy format ("MicroPython .mpy files", docs): the third header byte holds the
    # native architecture << 2; 4 is armv6m (the RP2040's Cortex-M0+), 7 armv7emsp (the RP2350's
    # Cortex-M33 with its single-precision FPU).
    cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    top = build_firmware.native_manifest("", {"MICROPY_MPYCROSS": cross}, board, str(tmp_path),
                                         build_firmware.MANIFEST)
    with open(tmp_path / "native" / "ink.mpy", "rb") as f:
        head = f.read(4)
    assert head[:1] == b"M" and head[2] >> 2 == arch
    text = open(top).read()
    assert "include(%r, native=%r, wiring='i2c')" % (build_firmware.MANIFEST, str(tmp_path / "native")) in text
