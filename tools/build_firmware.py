"""The project's own MicroPython image for the Raspberry Pi Pico and Pico 2: MicroPython v1.28.0
for ``RPI_PICO`` (RP2040) or ``RPI_PICO2`` (RP2350) with the firmware, the board file with its own
``display``, ``oled`` and ``ink``, and micropython-lib's ``ssd1306`` frozen in
(``boards/pico_ssd1306/manifest.py``).  Run by ``make firmware`` / ``make firmware-check``
(``BOARD=RPI_PICO2`` for the Pico 2).

    python tools/build_firmware.py build [--board RPI_PICO|RPI_PICO2] [--wiring i2c|spi] [--src PATH]
                                         [--out DIR] [--jobs N] [--page-url URL]
        -> build/firmware/delphi-table-companion-<version>-<board>.uf2 (and .sha256); with --wiring spi
           ...-<board>-spi.uf2, the board file of the 7-pin SPI modules (boards/pico_ssd1306_spi/)
    python tools/build_firmware.py check [--board ...] [--src PATH] [--jobs N]
        -> builds the image a second time in another folder and compares the two byte for byte

The board's machine code (``ink.py``, MicroPython's viper emitter) is compiled for the board's chip
before it is frozen (``MARCH``: ``armv6m`` for the RP2040's Cortex-M0+, ``armv7emsp`` for the
RP2350's Cortex-M33 with its single-precision FPU); the port itself would compile every frozen
module with ``-march=armv6m``.

Sources (``--src`` or ``MICROPY_SRC``): a ``.tar.xz`` holding ``micropython/`` with its submodules
and ``picotool/``, a folder laid out the same, or a MicroPython checkout (``picotool/`` then next to
it, or cloned).  Default: such a tarball in ``../shared/firmware/`` when one is beside the checkout,
else the pinned tags cloned from GitHub: MicroPython v1.28.0 with the submodule commits it records,
picotool 2.2.0.

Toolchain: Debian's ``gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib
cmake build-essential`` (and ``git`` to clone).  Everything built goes under ``build/firmware/``
(git-ignored).  The image is reproducible: ``SOURCE_DATE_EPOCH`` is the commit's time, the version
string is given (``MICROPY_GIT_TAG``) instead of asked of git, which inside this repository would
answer with the project's tags, and source paths are mapped to fixed names.
"""

import argparse
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROJECT = "delphi-table-companion"
BOARD = "RPI_PICO"
# MicroPython's board name -> mpy-cross's -march for the board's machine code (ink.py).
MARCH = {"RPI_PICO": "armv6m", "RPI_PICO2": "armv7emsp"}
NATIVE = ("ink.py",)  # the board's modules with machine code in them (boards/pico_ssd1306/)
MANIFEST = os.path.join(ROOT, "boards", "pico_ssd1306", "manifest.py")
# The panel's wiring -> the image's name after the board's: I2C (boards/pico_ssd1306/board.py) or the
# 7-pin SPI modules (boards/pico_ssd1306_spi/board.py); the manifest's ``wiring`` option picks the file.
WIRINGS = {"i2c": "", "spi": "-spi"}
WIRING = "i2c"
TARBALL = os.path.join(ROOT, "..", "shared", "firmware", "micropython-v1.28.0-rp2-src.tar.xz")
# The pinned sources (what the tarball holds).
MICROPY_URL = "https://github.com/micropython/micropython.git"
MICROPY_TAG = "v1.28.0"
MICROPY_HASH = "e0e9fbb17"  # the tag's commit, as `git rev-parse --short` shows it in a clone
SUBMODULES = ("lib/pico-sdk", "lib/tinyusb", "lib/mbedtls", "lib/micropython-lib")
PICOTOOL_URL = "https://github.com/raspberrypi/picotool.git"
PICOTOOL_TAG = "2.2.0"
TOOLS = ("arm-none-eabi-gcc", "cmake", "make", "gcc", "g++")
# In each folder built from the sources (build/firmware/work*, the installed picotool, a clone): which
# sources it was built from.  make keeps objects newer than their sources, and a tarball's files carry
# its release's old dates, so a build over another version's objects would keep them (a silently mixed
# image) or stop on a file the new version removed: a folder whose stamp names other sources is emptied.
SOURCES_STAMP = ".sources"
# The flash each board's image may fill (the rest is the drive: MICROPY_HW_FLASH_STORAGE_BYTES in the
# board's mpconfigboard.h: 2 MB less 1,408 KB on the Pico, 4 MB less 3 MB on the Pico 2), and the room an
# image must leave in it for what comes next (issue 52: at least 32 KB).
REGION = {"RPI_PICO": 640 * 1024, "RPI_PICO2": 1024 * 1024}
ROOM_MIN = 32 * 1024
XIP_BASE = 0x10000000
DEBIAN = "gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake build-essential"


def version():
    """The firmware's version string, from firmware/version.py."""
    with open(os.path.join(ROOT, "firmware", "version.py")) as f:
        m = re.search(r'^VERSION = "([^"]+)"', f.read(), re.M)
    if not m:
        raise SystemExit("firmware/version.py: no VERSION")
    return m.group(1)


def image_name(board=BOARD, wiring=WIRING):
    """``delphi-table-companion-<version>-<board>.uf2`` (``-<board>-spi.uf2`` for the SPI wiring);
    SystemExit for a board not in ``MARCH`` or a wiring not in ``WIRINGS``."""
    if board not in MARCH:
        raise SystemExit("make firmware: BOARD=%s is not one of %s" % (board, ", ".join(sorted(MARCH))))
    if wiring not in WIRINGS:
        raise SystemExit("make firmware: WIRING=%s is not one of %s" % (wiring, ", ".join(sorted(WIRINGS))))
    return "%s-%s-%s%s.uf2" % (PROJECT, version(), board, WIRINGS[wiring])


def source_date_epoch():
    """The commit's time (seconds), so the build date in the banner is the same at every build."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    try:
        return subprocess.check_output(["git", "log", "-1", "--format=%ct"], cwd=ROOT, text=True).strip()
    except (OSError, subprocess.CalledProcessError):
        return "0"


def run(cmd, cwd=None, env=None, log=None):
    print("+", " ".join(cmd), flush=True)
    if log is None:
        subprocess.run(cmd, cwd=cwd, env=env, check=True)
        return
    with open(log, "a") as out:
        r = subprocess.run(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
    if r.returncode:
        with open(log) as f:
            sys.stdout.write("".join(f.readlines()[-40:]))
        raise SystemExit("failed (%d): %s; whole log in %s" % (r.returncode, " ".join(cmd), log))


def check_tools():
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        raise SystemExit("make firmware: missing %s; on Debian/Ubuntu: sudo apt-get install %s"
                         % (", ".join(missing), DEBIAN))


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def _folder_version(src):
    """MicroPython's version (``1.28.0``) in a folder of sources, from ``py/mpconfig.h``; "" if none."""
    for mpconfig in (os.path.join(src, "py", "mpconfig.h"), os.path.join(src, "micropython", "py", "mpconfig.h")):
        try:
            with open(mpconfig) as f:
                text = f.read()
        except OSError:
            continue
        parts = [re.search(r"#define MICROPY_VERSION_%s \((\d+)\)" % k, text) for k in ("MAJOR", "MINOR", "MICRO")]
        return ".".join(m.group(1) for m in parts) if all(parts) else ""
    return ""


def source_ident(src):
    """One line naming the sources ``src`` gives (as ``sources`` reads it): a tarball's sha256, a
    folder's path and the MicroPython version in it, or the tags a clone is made from."""
    if not src:
        src = TARBALL if os.path.exists(TARBALL) else ""
    if not src:
        what = "clone %s %s, picotool %s" % (MICROPY_URL, MICROPY_TAG, PICOTOOL_TAG)
    elif os.path.isfile(src):
        what = "tarball sha256 %s" % sha256(src)
    else:
        what = "folder %s (MicroPython %s)" % (os.path.abspath(src), _folder_version(src) or "?")
    return "%s from %s\n" % (MICROPY_TAG, what)


def fresh_for(folder, ident):
    """Keep ``folder`` only if its stamp says it was built from the sources ``ident`` names: else
    (other sources, or no stamp: built before stamps were kept) empty it and stamp it with ``ident``.
    True when something built from other sources was removed."""
    stamp = os.path.join(folder, SOURCES_STAMP)
    try:
        with open(stamp) as f:
            if f.read() == ident:
                return False
    except OSError:
        pass
    stale = os.path.isdir(folder) and bool(os.listdir(folder))
    inside = os.path.abspath(folder).startswith(os.path.join(ROOT, "build") + os.sep)
    if stale and not inside and not os.path.exists(stamp):  # a folder given by hand: never emptied unasked
        raise SystemExit("make firmware: %s holds files no build made: give an empty folder" % folder)
    if stale:
        print("make firmware: %s was built from other sources: removed, built afresh" % folder, flush=True)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    with open(stamp, "w") as f:
        f.write(ident)
    return stale


def _unpack(tarball, dest):
    """Unpack once; a stamp holding the tarball's sha256 says the tree is complete."""
    stamp = os.path.join(dest, ".unpacked")
    digest = sha256(tarball)
    if os.path.exists(stamp):
        with open(stamp) as f:
            if f.read().strip() == digest:
                return
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    print("unpacking %s into %s" % (tarball, dest), flush=True)
    with tarfile.open(tarball) as t:
        if hasattr(tarfile, "data_filter"):
            t.extractall(dest, filter="data")
        else:  # Python before 3.11.4 (the tarball holds no links out of its folder)
            t.extractall(dest)
    with open(stamp, "w") as f:
        f.write(digest + "\n")


def _clone(dest):
    """MicroPython ``MICROPY_TAG`` and the submodule commits it records, and picotool ``PICOTOOL_TAG``, from GitHub."""
    fresh_for(dest, source_ident(""))  # an unpacked tarball or a clone of other tags is not reused
    mp = os.path.join(dest, "micropython")
    if not os.path.exists(os.path.join(mp, "lib", "pico-sdk", "README.md")):
        shutil.rmtree(mp, ignore_errors=True)
        os.makedirs(dest, exist_ok=True)
        run(["git", "clone", "--depth", "1", "--branch", MICROPY_TAG, MICROPY_URL, mp])
        run(["git", "-C", mp, "submodule", "update", "--init", "--depth", "1", *SUBMODULES])
    pt = os.path.join(dest, "picotool")
    if not os.path.exists(os.path.join(pt, "CMakeLists.txt")):
        shutil.rmtree(pt, ignore_errors=True)
        run(["git", "clone", "--depth", "1", "--branch", PICOTOOL_TAG, PICOTOOL_URL, pt])


def sources(src, work):
    """(micropython dir, picotool dir) for ``src`` (tarball, folder or None), made ready under ``work``."""
    if not src:
        src = TARBALL if os.path.exists(TARBALL) else ""
    if not src:
        _clone(os.path.join(work, "src"))
        src = os.path.join(work, "src")
    elif os.path.isfile(src):
        _unpack(os.path.abspath(src), os.path.join(work, "src"))
        src = os.path.join(work, "src")
    src = os.path.abspath(src)
    if os.path.exists(os.path.join(src, "py", "mpconfig.h")):  # a MicroPython checkout itself
        mp, pt = src, os.path.join(os.path.dirname(src), "picotool")
        if not os.path.exists(os.path.join(pt, "CMakeLists.txt")):
            pt = os.path.join(work, "src", "picotool")
            if not os.path.exists(os.path.join(pt, "CMakeLists.txt")):
                run(["git", "clone", "--depth", "1", "--branch", PICOTOOL_TAG, PICOTOOL_URL, pt])
    else:
        mp, pt = os.path.join(src, "micropython"), os.path.join(src, "picotool")
    for need in (os.path.join(mp, "ports", "rp2", "Makefile"), os.path.join(mp, "lib", "pico-sdk", "README.md"),
                 os.path.join(pt, "CMakeLists.txt")):
        if not os.path.exists(need):
            raise SystemExit("make firmware: %s is missing from the sources (%s)" % (need, src))
    return mp, pt


def env_for(work, mp, pt):
    """The build's environment: fixed date, version and path names; git never asked."""
    env = dict(os.environ)
    env["SOURCE_DATE_EPOCH"] = source_date_epoch()
    env["MICROPY_GIT_TAG"] = MICROPY_TAG
    env["MICROPY_GIT_HASH"] = MICROPY_HASH
    # git run in the sources or the build folder must not climb into this repository (under
    # build/): it would answer with the project's tags and hash.  Git does not go up into these.
    env["GIT_CEILING_DIRECTORIES"] = os.pathsep.join((os.path.dirname(mp), os.path.dirname(pt),
                                                      os.path.dirname(work)))
    env["PICOTOOL_FETCH_FROM_GIT_PATH"] = os.path.join(ROOT, "build", "firmware", "picotool")
    # mpy-cross built beforehand (build_tools): the port would build it through a sub-make that
    # inherits BUILD= and links it out of the port's objects.
    env["MICROPY_MPYCROSS"] = os.path.join(mp, "mpy-cross", "build", "mpy-cross")
    env["LC_ALL"] = "C"
    env["TZ"] = "UTC"
    # GCC tries the last map first: the folders inside the project come after it.
    maps = "-ffile-prefix-map=%s=/project -ffile-prefix-map=%s=/build -ffile-prefix-map=%s=/micropython" % (
        ROOT, work, mp)
    env["CFLAGS"] = maps
    env["CXXFLAGS"] = maps
    return env


def build_tools(mp, pt, env, ident):
    """mpy-cross, and picotool (for the UF2) from the same sources, before the firmware: pico-sdk
    would clone picotool from the web.  Built once for the sources ``ident`` names (``source_ident``),
    shared by every build of the image from them."""
    tools = os.path.join(ROOT, "build", "firmware")
    if not os.path.exists(env["MICROPY_MPYCROSS"]):
        run(["make", "-C", os.path.join(mp, "mpy-cross"), "-j%d" % jobs_default()], env=env,
            log=os.path.join(tools, "mpy-cross.log"))
    inst = env["PICOTOOL_FETCH_FROM_GIT_PATH"]
    bdir = os.path.join(tools, "picotool-build")
    fresh_for(inst, ident)
    fresh_for(bdir, ident)
    if os.path.exists(os.path.join(inst, "picotool", "picotoolConfig.cmake")):
        return
    log = os.path.join(tools, "picotool.log")
    run(["cmake", "-S", pt, "-B", bdir, "-DPICO_SDK_PATH=" + os.path.join(mp, "lib", "pico-sdk"),
         "-DPICOTOOL_NO_LIBUSB=1", "-DCMAKE_INSTALL_PREFIX=" + inst, "-DPICOTOOL_FLAT_INSTALL=1"],
        env=env, log=log)
    run(["cmake", "--build", bdir, "--parallel", str(jobs_default())], env=env, log=log)
    run(["cmake", "--install", bdir], env=env, log=log)


def jobs_default():
    return int(os.environ.get("FIRMWARE_JOBS", "") or os.cpu_count() or 1)


HOW = {
    "firmware": "make firmware PAGE_URL=<the page's address> (README)",
    "deploy": "make deploy PAGE_URL=<the page's address> (README)",
}


def page_module(folder, url, route="firmware"):
    """``page_url.py`` in ``folder``: ``URL``, the web page the device's "Phone" QR
    codes lead to (firmware/phone.py; empty: none), and ``HOW``, how ``route`` ("firmware": the
    image, "deploy": make deploy's files) sets it; SystemExit for an address that is not http(s)
    in plain ASCII without spaces or "#".  Returns the manifest's line that freezes it."""
    if url and (not re.match(r"^https?://[!-~]+$", url) or "#" in url):
        raise SystemExit("make %s: PAGE_URL=%r is not an http(s) address (ASCII, no spaces, no #)" % (route, url))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "page_url.py"), "w") as f:
        f.write("# made by tools/build_firmware.py (make %s PAGE_URL=...)\nURL = %r\nHOW = %r\n"
                % (route, url, HOW[route]))
    return "module(\"page_url.py\", base_path=%r)\n" % folder


def native_manifest(mp, env, board, bdir, manifest, page_url="", wiring=WIRING):
    """A manifest in ``bdir`` that includes ``manifest`` with ``native=`` a folder holding the board's
    machine code compiled for ``board``'s chip (``MARCH``) and ``wiring=`` the panel's wiring, and the
    page's address when given (``page_module``); returns its path."""
    cross = env["MICROPY_MPYCROSS"]
    native = os.path.join(bdir, "native")
    os.makedirs(native, exist_ok=True)
    here = os.path.dirname(os.path.abspath(manifest))
    for name in NATIVE:
        run([cross, "-march=" + MARCH[board], "-s", name, "-o", os.path.join(native, name[:-3] + ".mpy"),
             os.path.join(here, name)], env=env)
    top = os.path.join(bdir, "manifest.py")
    with open(top, "w") as f:
        f.write("# made by tools/build_firmware.py for %s\ninclude(%r, native=%r, wiring=%r)\n"
                % (board, os.path.abspath(manifest), native, wiring))
        f.write(page_module(os.path.join(bdir, "page"), page_url))
    return top


def build(src, out, jobs, work=None, fresh=False, manifest=MANIFEST, board=BOARD, page_url="", wiring=WIRING):
    """Build ``board``'s image for the panel's ``wiring`` into ``out`` (intermediates in ``work``,
    default build/firmware/work) from the frozen ``manifest`` (and ``page_url``, the web page's
    address); returns the UF2's path."""
    name = image_name(board, wiring)
    check_tools()
    work = os.path.abspath(work or os.path.join(ROOT, "build", "firmware", "work"))
    ident = source_ident(src)
    fresh_for(work, ident)
    mp, pt = sources(src, os.path.join(ROOT, "build", "firmware"))
    env = env_for(work, mp, pt)
    t0 = time.time()
    build_tools(mp, pt, env, ident)
    tag = board + WIRINGS[wiring]
    bdir = os.path.join(work, "rp2-" + tag)  # a folder per wiring: the other's objects kept
    if fresh:
        shutil.rmtree(bdir, ignore_errors=True)
    # makemanifest.py compiles a frozen module again only when its source is newer than the .mpy it
    # made: a checkout of older files, or a manifest's new mpy-cross options, would keep stale ones
    shutil.rmtree(os.path.join(bdir, "frozen_mpy"), ignore_errors=True)
    log = os.path.join(work, "firmware-%s.log" % tag)
    if os.path.exists(log):
        os.remove(log)
    top = native_manifest(mp, env, board, os.path.join(work, "manifest-" + tag), manifest, page_url, wiring)
    run(["make", "-C", os.path.join(mp, "ports", "rp2"), "-j%d" % jobs, "BOARD=" + board,
         "BUILD=" + bdir, "FROZEN_MANIFEST=" + top], env=env, log=log)
    uf2 = os.path.join(bdir, "firmware.uf2")
    with open(os.path.join(bdir, "genhdr", "mpversion.h")) as f:
        hdr = f.read()
    if '"%s"' % MICROPY_TAG not in hdr:  # git describe answered from an enclosing repository
        raise SystemExit("make firmware: MicroPython's version string is not %s:\n%s" % (MICROPY_TAG, hdr))
    os.makedirs(out, exist_ok=True)
    dest = os.path.join(out, name)
    shutil.copyfile(uf2, dest)
    digest = sha256(dest)
    with open(dest + ".sha256", "w") as f:
        f.write("%s  %s\n" % (digest, os.path.basename(dest)))
    print("%s: %d bytes, sha256 %s (%.0f s)" % (os.path.relpath(dest, ROOT), os.path.getsize(dest), digest,
                                                 time.time() - t0))
    room(dest, board)
    return dest


def image_bytes(uf2):
    """Bytes of flash a UF2 fills from the start of flash (its highest block's end less XIP_BASE),
    blocks outside the first 16 MB of flash (an RP2350 image's erratum block) not counted.
    ValueError on a file that is not UF2 blocks (512 bytes each, UF2's two start magics)."""
    end = 0
    with open(uf2, "rb") as f:
        data = f.read()
    if not data or len(data) % 512:
        raise ValueError("%s: not UF2 blocks" % uf2)
    for o in range(0, len(data), 512):
        magic0, magic1, _flags, addr, size = struct.unpack_from("<5I", data, o)
        if magic0 != 0x0A324655 or magic1 != 0x9E5D5157:
            raise ValueError("%s: block %d is not a UF2 block" % (uf2, o // 512))
        if XIP_BASE <= addr < XIP_BASE + 0xFFFF00:
            end = max(end, addr + size - XIP_BASE)
    return end


def room(uf2, board=BOARD):
    """Print the image's use of ``board``'s firmware region; SystemExit when less than ROOM_MIN
    bytes of it stay free."""
    used = image_bytes(uf2)
    free = REGION[board] - used
    print("firmware region (%s): %d of %d bytes used, %d free (%.1f KB; keep at least %d KB)"
          % (board, used, REGION[board], free, free / 1024, ROOM_MIN // 1024))
    if free < ROOM_MIN:
        raise SystemExit("make firmware: the image leaves %d bytes of the %d KB firmware region free, "
                         "under %d KB" % (free, REGION[board] // 1024, ROOM_MIN // 1024))
    return free


def check(src, jobs, board=BOARD, wiring=WIRING):
    """Build the image afresh in a second folder and compare it with build/firmware's: 0 when identical."""
    out = os.path.join(ROOT, "build", "firmware")
    first = os.path.join(out, image_name(board, wiring))
    if not os.path.exists(first):
        first = build(src, out, jobs, board=board, wiring=wiring)
    second = build(src, os.path.join(out, "check"), jobs, work=os.path.join(out, "work-check"), fresh=True,
                   board=board, wiring=wiring)
    a, b = sha256(first), sha256(second)
    if a != b:
        print("firmware-check: the two builds differ: %s %s, %s %s" % (a, first, b, second))
        return 1
    print("firmware-check: two builds byte-identical, sha256 %s" % a)
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("what", choices=("build", "check", "name", "page"))
    p.add_argument("--board", default=BOARD, choices=sorted(MARCH),
                   help="MicroPython's board: RPI_PICO (RP2040, the default) or RPI_PICO2 (RP2350)")
    p.add_argument("--wiring", default=WIRING, choices=sorted(WIRINGS),
                   help="the panel's wiring: i2c (the default) or spi (the 7-pin modules)")
    p.add_argument("--src", default=os.environ.get("MICROPY_SRC", ""),
                   help="tarball or folder of the MicroPython sources "
                        "(default: ../shared/firmware's tarball, else a clone)")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "firmware"))
    p.add_argument("--jobs", type=int, default=jobs_default())
    p.add_argument("--manifest", default=MANIFEST, help="the frozen manifest (default: the Pico board's)")
    p.add_argument("--work", default=None, help="folder for the intermediates (default: build/firmware/work)")
    p.add_argument("--page-url", default=os.environ.get("PAGE_URL", ""),
                   help="the web page the device's QR codes lead to (make firmware PAGE_URL=...); default none")
    a = p.parse_args(argv)
    if a.what == "page":  # make deploy: page_url.py in --out, compiled and copied with the board's files
        page_module(a.out, a.page_url, "deploy")
        return 0
    if a.what == "name":
        print(os.path.join(os.path.relpath(a.out, ROOT), image_name(a.board, a.wiring)))
        return 0
    if a.what == "check":
        return check(a.src, a.jobs, a.board, a.wiring)
    build(a.src, a.out, a.jobs, work=a.work, manifest=a.manifest, board=a.board, page_url=a.page_url,
          wiring=a.wiring)
    return 0


if __name__ == "__main__":
    sys.exit(main())
