"""The compact form of a play (format 2, defined in docs/phone.md): what the QR code of
"Phone" carries after the page's address and ``#``, for the project's web page to
turn into the Board Game Stats link (web/playcode.js reads it).

``encode(play, dev)`` -> the text (the QR code's alphanumeric characters only) of a play of the
plays log (``plays``; ``dev`` the log's device id, 8 hex digits); ``segments(url, text)`` the QR
code's segments of the whole address; ``choose(segs)`` its level and module size.
"""
import qr

FORMAT = 2
CHECK_BASE = 113  # format 2's check (format 1 multiplied by 31: a pair of neighbours changed by -1 and +31 passed)
GAME_CODE = {"delfos": "F", "delphi": "D", "tholos": "T", "oracle": "O"}
_B36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SIDE = 64  # the code's square on the panel (its left part), lit, quiet zone included


def _text(s, out):
    """``s`` in the compact form's letters (docs/phone.md, "Text") appended to the list ``out``."""
    low = False
    for ch in s:
        o = ord(ch)
        if 97 <= o <= 122 or 65 <= o <= 90:
            if (o >= 97) != low:
                low = not low
                out.append("+")
            out.append(ch.upper())
        elif 48 <= o <= 57 or ch in "-/":
            out.append(ch)
        elif ch == " ":
            out.append(".")
        elif ch == ",":
            out.append(":")
        elif o < 0x100:
            out.append("$%02X" % o)
        elif o < 0x10000:
            out.append("$$%04X" % o)
        else:
            out.append("$$$%06X" % o)


def check(s):
    """The compact form's check: 3 base-36 digits of a hash of ``s`` (docs/phone.md, "Check"):
    ``h = (h * 113 + code) mod 46649`` over its characters.  The form's characters are codes 36-90,
    so a change of one character, or of two neighbours (d1 * 113 + d2 is never 0 mod the prime
    46649 for differences of at most 54), always changes it."""
    h = 0
    for ch in s:
        h = (h * CHECK_BASE + ord(ch)) % 46649
    return _B36[h // 1296] + _B36[h // 36 % 36] + _B36[h % 36]


def encode(play, dev):
    """The compact form (format 2, docs/phone.md) of ``play`` (a play of the plays log, as
    ``plays.check`` accepts it) of device ``dev`` (8 hex digits).  The device has no clock: the
    date field stays empty and the page uses the phone's."""
    out = ["%d*%s*%d*%s**%d*%d*" % (FORMAT, dev.upper(), play["n"], GAME_CODE[play["game"]], play["minutes"],
                                    play["rounds"])]
    _text(play["variant"], out)
    out.append("*")
    _text(play.get("board", ""), out)
    for q in play["players"]:
        nm = q.get("named")
        f = (1 if q["winner"] else 0) + (2 if q["start"] else 0) + (4 if q["bot"] else 0)
        f += 24 if q.get("cut") else 16 if nm is None else 8 if nm else 0
        s = q["score"]
        out.append("*%s%d*%s*" % (_B36[f], q["rank"], "" if s is None else s))
        seat = q.get("seat", "")
        if not seat or q["name"] != seat:  # empty: the name is the seat's own label
            _text(q["name"], out)
        out.append("*")
        _text(seat, out)
    out.append("*")
    s = "".join(out)
    return s + check(s)


CUT_TO = 3  # a name is cut to this many characters at most before the play is refused


def shortened(play):
    """A copy of ``play`` with its longest stored name (a named player's: a seat's label is never
    cut) one character shorter and marked ``"cut"`` (the form's flags say so: docs/phone.md), or
    None when every such name is ``CUT_TO`` characters or fewer: for an address too long for the
    whole play (docs/phone.md, "How long an address can be")."""
    best = -1
    qs = play["players"]
    for i in range(len(qs)):
        q = qs[i]
        if q.get("named") and not q.get("bot") and len(q["name"]) > CUT_TO and (
                best < 0 or len(q["name"]) > len(qs[best]["name"])):
            best = i
    if best < 0:
        return None
    out = dict(play)
    out["players"] = list(qs)
    q = dict(qs[best])
    q["name"] = q["name"][:-1].rstrip() or q["name"][:-1]
    q["cut"] = True
    out["players"][best] = q
    return out


def segments(url, frag):
    """The QR code's segments for ``url`` + "#" + ``frag``: the scheme and host in capitals
    (alphanumeric mode; they are case-blind), the rest of the address in byte mode, the play
    (alphanumeric) last."""
    i = url.find("://")
    j = url.find("/", i + 3) if i > 0 else -1
    head = url[:j].upper() if j > 0 else ""
    for ch in head:
        if ch not in qr.ALNUM:
            head = ""
            break
    out = [(True, head)] if head else []
    out.append((False, url[len(head):] + "#"))
    out.append((True, frag))
    return out


QUIET = 4  # modules of lit quiet zone round the code, at least (ISO/IEC 18004 asks 4)


def choose(segs):
    """(level, scale) for ``segs``: the largest modules first (2 px where the code and a quiet
    zone of ``QUIET`` modules fit the 64-px square, else 1), then the smallest version, then the
    level M before L; None when no code fits."""
    best = None
    for lv in "ML":
        v = qr.fits(segs, lv)
        if not v:
            continue
        n = 17 + 4 * v
        scale = 2 if 2 * (n + 2 * QUIET) <= SIDE else 1 if n + 2 * QUIET <= SIDE else 0
        if scale and (best is None or (-scale, v) < (-best[1], best[2])):
            best = (lv, scale, v)
    return None if best is None else best[:2]
