"""The string tables and the glyph subset: firmware/lang_zh_hant.py from i18n/zh-Hant.txt.

    .venv/bin/python tools/mkstrings.py            # write firmware/lang_zh_hant.py (needs Pillow)
    python3 tools/mkstrings.py --bin DIR           # write DIR/lang_zh_hant.bin from it (make mpy)

The English table is every string literal the firmware passes to ``lang.tr`` or ``lang.msg``
(``lang.trc(s, context)``: ``context|s``, a word with more than one meaning),
the games' labels in ``games.GAMES`` and the rules help's pages (``help_text``'s bytes, one page a
line: ``help_pages()``) (``english()``); ``i18n/zh-Hant.txt`` gives each its
Traditional Chinese (blocks of an English line, its Chinese line and a blank line; ``#`` lines are
comments).  The glyphs are those of the
characters the Chinese strings use beyond ASCII, taken from the Cubic 11 font (i18n/cubic-11/,
SIL Open Font License 1.1: OFL.txt there) at its 12 px size, 11x11 pixels each, in the column order
of firmware/fonts.py.  The block's layout is in firmware/lang.py.  The firmware only reads the
generated block; it never needs this script.
"""
import ast
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
TABLE = os.path.join(ROOT, "i18n", "zh-Hant.txt")  # i18n/, not lang/ or fonts/: no folder at the root named as a module
FONT = os.path.join(ROOT, "i18n", "cubic-11", "Cubic_11.woff2")
OUT = os.path.join(FIRMWARE, "lang_zh_hant.py")
MODULE = "lang_zh_hant"
GW = 11  # glyph width and height, px
NB = 2  # bytes per column


def key(s):
    """lang.key: the table's 24-bit key of English string ``s``."""
    h = 5381
    for ch in s:
        h = (h * 33 + ord(ch)) & 0xFFFFFF
    return h


def english(root=FIRMWARE):
    """{English string: "file:line" of its first use} of every ``tr("...")``/``msg("...")`` in
    the firmware, each word of a ``msg(b"word-word")`` (words kept as bytes) and each page of the
    rules help (``help_pages``); a call with
    anything but one literal is not in the table."""
    out = {}
    for d, _dirs, files in sorted(os.walk(root)):
        for fn in sorted(files):
            if not fn.endswith(".py") or fn == MODULE + ".py":
                continue
            path = os.path.join(d, fn)
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read(), path)
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or len(node.args) not in (1, 2):
                    continue
                fn_ = node.func
                name = fn_.id if isinstance(fn_, ast.Name) else fn_.attr if isinstance(fn_, ast.Attribute) else None
                a = node.args[0]
                if len(node.args) == 2:  # trc("left", "time"): the word in its context, "time|left"
                    c = node.args[1]
                    if name == "trc" and all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in (a, c)):
                        out.setdefault(c.value + "|" + a.value, "%s:%d" % (os.path.relpath(path, ROOT), node.lineno))
                    continue
                if name in ("tr", "msg") and isinstance(a, ast.Constant) and isinstance(a.value, str):
                    out.setdefault(a.value, "%s:%d" % (os.path.relpath(path, ROOT), node.lineno))
                elif name == "msg" and isinstance(a, ast.Constant) and isinstance(a.value, bytes):
                    # words kept as bytes, joined by "-" (no qstrs on MicroPython): each one a string
                    for w in a.value.decode().split("-"):
                        out.setdefault(w, "%s:%d" % (os.path.relpath(path, ROOT), node.lineno))
            if os.path.relpath(path, root) == "help_text.py":
                for page, line in help_pages(tree):
                    out.setdefault(page, "%s:%d" % (os.path.relpath(path, ROOT), line))
            if os.path.relpath(path, root) == os.path.join("games", "__init__.py"):
                for node in tree.body:  # the games' names on the main menu: GAMES's labels
                    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "GAMES":
                        for _name, label, _mod in ast.literal_eval(node.value):
                            out.setdefault(label, "%s:%d" % (os.path.relpath(path, ROOT), node.lineno))
    return out


def help_pages(tree):
    """[(page, line)] of the rules help (the parsed help_text.py): every page of its bytes
    constants, one a line (``title|body``), each one string of the table (``rules_help`` shows
    a page through ``lang.tr`` by its English line)."""
    out = []
    for node in tree.body:
        v = node.value if isinstance(node, ast.Assign) else None
        if isinstance(v, ast.Constant) and isinstance(v.value, bytes):
            out += [(page.decode(), node.lineno) for page in v.value.split(b"\n")]
    return out


def read_table(path=TABLE):
    """{English: translation} of a table file (module docstring); ValueError on a malformed block."""
    with open(path, encoding="utf-8") as f:
        lines = [ln.rstrip("\n") for ln in f if not ln.startswith("#")]
    out = {}
    block = []
    for ln in lines + [""]:
        if ln.strip():
            block.append(ln)
            continue
        if not block:
            continue
        if len(block) != 2:
            raise ValueError("%s: a block of %d lines, not 2: %r" % (path, len(block), block))
        if block[0] in out:
            raise ValueError("%s: %r twice" % (path, block[0]))
        out[block[0]] = block[1]
        block = []
    return out


def extra_text():
    """What the firmware shows beside its strings: each language's own name (lang.NAMES)."""
    with open(os.path.join(FIRMWARE, "lang.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "NAMES":
            return "".join(ast.literal_eval(node.value))
    raise ValueError("lang.NAMES not found")


def glyph(font, ch):
    """The 11x11 glyph of ``ch`` as GW * NB bytes (fonts.py's column order); ValueError when the
    font has none or it reaches outside its 11x11 box."""
    from PIL import Image, ImageDraw

    if not font.getmask(ch).getbbox():
        raise ValueError("no glyph for %r (U+%04X) in %s" % (ch, ord(ch), os.path.basename(FONT)))
    im = Image.new("1", (16, 16))
    d = ImageDraw.Draw(im)
    d.fontmode = "1"
    d.text((0, 0), ch, font=font, fill=1)
    out = bytearray()
    for x in range(16):
        for y in range(16):
            inside = 1 <= x <= GW and 1 <= y <= GW  # the font draws its 11x11 box from (1, 1) at 12 px
            if im.getpixel((x, y)) and not inside:
                raise ValueError("%r (U+%04X) reaches outside the 11x11 box" % (ch, ord(ch)))
    for x in range(1, GW + 1):
        col = 0
        for y in range(1, GW + 1):
            if im.getpixel((x, y)):
                col |= 1 << (y - 1)
        out += bytes((col & 0xFF, col >> 8))
    return bytes(out)


def build(table, font_path=FONT):
    """The block of ``table`` ({English: translation}): bytes (firmware/lang.py's layout)."""
    from PIL import ImageFont

    font = ImageFont.truetype(font_path, 12)
    chars = sorted({ch for s in list(table.values()) + [extra_text()] for ch in s if ord(ch) > 126})
    for ch in chars:
        if ord(ch) > 0xFFFF:
            raise ValueError("%r beyond U+FFFF" % ch)
    glyphs = b"".join(glyph(font, ch) for ch in chars)
    entries = sorted((key(k), v.encode("utf-8")) for k, v in table.items())
    for i in range(1, len(entries)):
        if entries[i][0] == entries[i - 1][0]:
            raise ValueError("two English strings with one key: reword one")
    text = b""
    index = b""
    for k, v in entries:
        if len(text) + len(v) > 0xFFFF:
            raise ValueError("text beyond 64 KB")
        index += struct.pack("<IHH", k, len(text), len(v))
        text += v
    codes = b"".join(struct.pack("<H", ord(ch)) for ch in chars)
    head_len = 16
    text_off = head_len + len(index) + len(codes) + len(glyphs)
    head = b"DL" + bytes((1, GW, GW, NB)) + struct.pack("<HHI", len(entries), len(chars), text_off) + b"\0\0"
    return head + index + codes + glyphs + text, len(chars)


def check(table, eng):
    """The problems between ``table`` and the English table ``eng`` (a list of str)."""
    out = []
    for s, where in sorted(eng.items()):
        if s not in table:
            out.append("no translation of %r (%s)" % (s, where))
        elif s.count("%") != table[s].count("%"):
            out.append("%r: its translation has other %%-fields" % s)
    for s in sorted(table):
        if s not in eng:
            out.append("%r is translated but no longer in the firmware" % s)
    return out


def module_text(data, nglyphs, nstr):
    lines = ['"""Traditional Chinese (繁體中文): the strings and their glyphs, generated by tools/mkstrings.py.\n',
             "\n",
             "From i18n/zh-Hant.txt (%d strings) and the Cubic 11 font (%d glyphs, 11x11 px; SIL Open Font\n"
             % (nstr, nglyphs),
             "License 1.1: i18n/cubic-11/OFL.txt).  ``DATA``: the block firmware/lang.py reads.\n",
             '"""\n', "\n", "DATA = (\n"]
    for i in range(0, len(data), 24):
        lines.append("    %r\n" % data[i:i + 24])
    lines.append(")\n")
    return "".join(lines)


def write_bin(out_dir):
    """``out_dir``/lang_zh_hant.bin: the generated module's DATA (for the make deploy route)."""
    ns = {}
    with open(OUT, encoding="utf-8") as f:
        exec(f.read(), ns)
    with open(os.path.join(out_dir, MODULE + ".bin"), "wb") as f:
        f.write(ns["DATA"])


def main(argv):
    if argv[:1] == ["--bin"]:
        write_bin(argv[1])
        return 0
    table = read_table()
    problems = check(table, english())
    if problems:
        sys.stderr.write("\n".join(problems) + "\n")
        return 1
    data, n = build(table)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(module_text(data, n, len(table)))
    print("%s: %d strings, %d glyphs, %d bytes" % (os.path.relpath(OUT, ROOT), len(table), n, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
