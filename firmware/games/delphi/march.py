"""Cards entering displays during a March: placing, removals, Zeus.

Shared by the game (``game``), the calculator (``calc``) and the host
scoring tool.  Rules: Delphi rulebook, "God cards" and
"Important".

- Hades, Moira, Hera: the card is placed, then every 7, 9 or 10 lying in
  any display (the player's own and players who passed included) is
  removed; cards played later are not affected.
- Zeus: the player removes any one card from any display.  Reading
  chosen: the target is named by display and 0-based position in that
  display as it lies just before the Zeus card is placed (so Zeus can
  never remove itself), and removing nothing is allowed ("he is allowed
  to remove"): target None.
"""
from games.delphi.cards import REMOVES, ZEUS


def place(displays, who, code, target):
    """Place card ``code`` into ``displays[who]`` and apply its removals.

    ``displays``: list of lists of card codes (mutated); ``target``: for
    Zeus, None or (display index, position); must be None for other
    cards.  Validates before changing anything: ValueError("short reason")
    for a target that does not exist.  Returns the removed card codes
    (list), for the record of cards out of play.
    """
    removed = []
    if code == ZEUS:
        if target is not None:
            t, k = target
            if not (0 <= t < len(displays)):
                raise ValueError("Zeus: no such display")
            if not isinstance(k, int) or isinstance(k, bool) or not (0 <= k < len(displays[t])):
                raise ValueError("Zeus: no card at that position")
            removed.append(displays[t].pop(k))
        displays[who].append(code)
        return removed
    if target is not None:
        raise ValueError("only Zeus names a target")
    displays[who].append(code)
    v = REMOVES.get(code, 0)
    if v:
        for d in displays:
            # Rebuild in place without the removed value; a loop, no recursion.
            j = 0
            for c in d:
                if c == v:
                    removed.append(c)
                else:
                    d[j] = c
                    j += 1
            while len(d) > j:
                d.pop()
    return removed
