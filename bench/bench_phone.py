"""The phone's QR code ("Phone: scan to log", docs/phone.md) of a 2-, 4- and 5-player play of
each game: its version, level and module size on the panel, with the release's kind of address
(``https://<account>.github.io/<repository>/``, here the tests' ``example`` one), and the
characters of the play's compact form.  Two kinds of play: every seat under its own label (no
stored names) and every seat with a 9-character stored name (the longest the screens show in
full).  A game that has no play of that size says so.

    .venv/bin/python bench/bench_phone.py
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_sim", "shims")]

import playcode  # noqa: E402
import qr  # noqa: E402

PAGE = "https://example.github.io/delphi-table-companion/"
# each game's seats as the device offers them: Delfos 1-5 (a solo game is the player and Khaos, two
# seats), Delphi 3-4 City States, Tholos 2, the Oracle 2-4 (its players by colour)
SEATS = {"delfos": ("Green", "Red", "Blue", "Yellow", "Purple"), "delphi": ("Athens", "Thebes", "Corinth", "Sparta"),
         "tholos": ("White", "Black"), "oracle": ("Green", "Blue", "Yellow", "Red")}
LEAST = {"delphi": 3}  # the fewest players of a game, if not 2 (Delphi: 3 or 4 City States)
NAMES = ("Alexandra", "Sebastian", "Christine", "Frederick", "Valentina")


def play(game, n, named):
    players = []
    for i in range(n):
        seat = SEATS[game][i]
        players.append({"name": NAMES[i] if named else seat, "score": None if game == "oracle" else 31 + 7 * i,
                        "rank": i + 1, "winner": i == 0, "start": i == 1, "bot": False, "seat": seat,
                        "named": named})
    p = {"n": 27, "game": game, "variant": "%d players" % n, "players": players, "rounds": 18, "minutes": 74}
    if game == "delfos":
        p["board"] = "side A, scoring card 3"
    return p


def main():
    print("| game | players | seats' labels: version, level, px a module (characters) "
          "| 9-letter names: version, level, px a module (characters) |")
    print("|---|---|---|---|")
    for game in ("delfos", "delphi", "tholos", "oracle"):
        for n in (2, 3, 4, 5) if game == "delphi" else (2, 4, 5):
            if n > len(SEATS[game]) or n < LEAST.get(game, 2):
                print("| %s | %d | no %d-player game | |" % (game, n, n))
                continue
            cells = []
            for named in (False, True):
                frag = playcode.encode(play(game, n, named), "1a2b3c4d")
                segs = playcode.segments(PAGE, frag)
                level, scale = playcode.choose(segs)
                v = qr.fits(segs, level)
                cells.append("%d-%s, %d px (%d)" % (v, level, scale, len(frag)))
            print("| %s | %d | %s | %s |" % (game, n, cells[0], cells[1]))


if __name__ == "__main__":
    main()
