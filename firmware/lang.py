"""The device's language: the screens' strings and the glyphs of the languages beyond ASCII.

English is the source: a screen writes its English string in the code, through ``tr(s)``, which
gives ``s`` itself in English (nothing is looked up) and its translation in another language.
``msg(s)`` only marks a string for the tables (a game menu's line kept by its English name): the
screen that shows it passes it through ``tr``.  The English table is every string so marked in
firmware/ and the games' names in ``games.GAMES`` (``tools/mkstrings.py`` collects them); each
other language has its table (``i18n/zh-Hant.txt``) and, made from it, one block of bytes
(``lang_zh_hant.DATA``): the strings and the glyphs of the characters those strings use, no others
(the font's glyphs: tools/mkstrings.py, the font's licence beside it in i18n/cubic-11/).

Where the block lives: on the project's image the module is frozen, its bytes stay in flash and
cost no heap; on the ``make deploy`` route a module's bytes would sit in the heap, so the build
writes them to ``lang_zh_hant.bin`` beside the ``.mpy`` files and they are read from the file on
demand, a few bytes a look-up (a string, a glyph), and let go.  Elsewhere (the simulator, the
browser, CircuitPython) the module is imported when the language is chosen.

The module kept in the heap is this one, a few names; the look-ups and the drawing of the glyphs are
in ``lang_text`` (``text`` here while a language other than English is in use, else None), loaded when
such a language is chosen, through ``loader`` (the module that loads modules and lets them go): in
English the device carries none of it.

The block (little-endian): a 16-byte header ``b"DL", 1, glyph width, glyph height, bytes per
column, strings (u16), glyphs (u16), text offset (u32), 0, 0``; per string, sorted by ``key``,
``key (u32), offset (u16), length (u16)`` (the UTF-8 text at text offset + offset); per glyph,
sorted, its code point (u16); then the glyphs, each ``width * bytes per column`` bytes in the
fonts' column order (``fonts.py``: per column, bit y set for a lit pixel, LSB first); then the text.
"""

import gfx
import loader

LANGS = ("en", "zh-Hant")  # the Language setting's values (prefs "lang": an index)
NAMES = ("English", "繁體中文")  # each in its own language: the Settings line shows it so
MODULES = ("", "lang_zh_hant")  # the block of each language ("": English, the source)

index = 0  # the language in use (an index of LANGS)
cjk = False  # its text needs the glyphs (gfx draws the lines taller)
text = None  # the module ``lang_text`` while such a language is in use


def msg(s):
    """``s``, marked for the string tables (shown through ``tr`` elsewhere)."""
    return s


def tr(s):
    """``s`` (an English string of the table) in the language in use; ``s`` itself in English,
    or when the table has no such string."""
    if not index:
        return s
    return text.tr(s)


def trc(s, ctx):
    """``s`` as ``tr`` gives it, looked up as ``ctx|s``: an English word with two meanings has an
    entry for each (the clock's "left", time left: ``trc("left", "time")``; Delfos's side)."""
    if not index:
        return s
    k = ctx + "|" + s
    t = text.tr(k)
    return s if t is k else t


def said(e):
    """An engine's refusal ``e`` (a ValueError, said by ``loop``) in the language: its sentence
    (``tr``); a ``games.RefusalError``'s fields put into its sentence's translation, the words among
    them ("Green") looked up too, the figures as they are."""
    a = e.args
    if len(a) > 1:
        try:
            return tr(a[0]) % tuple(tr(v) if type(v) is str else v for v in a[1:])
        except (TypeError, ValueError):  # not a sentence with those fields: said as it is
            pass
    return tr(str(e))


def use(i):
    """Make language ``i`` (an index of ``LANGS``; anything else: English) the one in use.  A
    language whose block is missing (a device without its file and module) stays English: the
    device keeps working."""
    global index, cjk, text
    index = 0
    cjk = False
    text = gfx.intl = None
    if type(i) is not int or i <= 0 or i >= len(LANGS):
        mod = loader.loaded("lang_text")
        if mod is not None:
            mod.close()  # its file closed
        loader.release(("lang_text",))  # English again: its bytecode let go (the make deploy route)
        return
    mod = loader.import_module("lang_text")
    if mod.load(MODULES[i], globals().get("__file__") or ""):
        text = gfx.intl = mod
        index = i
        cjk = True
