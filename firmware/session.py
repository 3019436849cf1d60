"""A game as (setup, seed, commands): undo, replay and saves for every game.

Every player action is a small command: a list of ints and short strings,
JSON-serialisable.  A game's state is a pure function of its setup, its
seed and the commands applied in order, so undo is "drop the last command
and replay", and a reload after a power cut replays the same dice.

Game classes follow one protocol::

    class SomeGame:
        NAME = "some"                 # key in the save file
        def __init__(self, setup, seed): ...   # setup: dict of JSON values
        def apply(self, cmd): ...     # cmd: list; ValueError if not legal

``apply`` checks a command completely before it changes anything.

Commands are found the same way in every game: each verb has a method
``do_<verb>(self, cmd)`` (``cmd`` whole, verb included), the class names its
verbs in ``VERBS`` (a tuple) and ``apply`` runs what ``dispatch`` finds.  Each
``do_`` method checks its command completely before it changes anything.  The
verb is looked up in ``VERBS`` before ``getattr``: on MicroPython ``getattr``
interns its name as a qstr for good (a garbage verb would hold RAM) and one
over 255 bytes raises RuntimeError, not ValueError.  A tuple, not a dict of
methods: fewer bytes resident (the Delphi screens run close to the heap's end).
"""


def dispatch(where, verbs, cmd, unknown="unknown command"):
    """``where.do_<verb>``, the method that runs ``cmd``: bound when ``where`` is a game
    (then called with ``cmd``).

    ``verbs``: the verbs ``where`` has a ``do_`` for (tuple of str, ``VERBS``, or a dict
    keyed by them); ``cmd``: a non-empty list (or tuple) whose first item is the verb.
    ValueError("bad command") for any other shape, ValueError(``unknown``) for a verb
    that is not a str of ``verbs``.
    """
    if not isinstance(cmd, (list, tuple)) or not cmd:
        raise ValueError("bad command")
    verb = cmd[0]
    if not isinstance(verb, str) or verb not in verbs:
        raise ValueError(unknown)
    return getattr(where, "do_" + verb)


class Session:
    """One game in progress.

    ``game_cls``: a game class (protocol above); ``setup``: dict;
    ``seed``: int; ``cmds``: commands already played (replayed here; with ``own`` True the
    list itself becomes ``cmds``, else a copy).
    Raises ValueError if a stored command no longer applies.
    """

    def __init__(self, game_cls, setup, seed, cmds=None, own=False):
        self.game_cls = game_cls
        self.setup = setup
        self.seed = seed
        self.cmds = []
        # In the instance's dict from the start: the MemoryError handler sets it when there is
        # no RAM to grow the dict (``loop.handle``)
        self.stale = False
        g = self._game = game_cls(setup, seed)
        if cmds:
            for c in cmds:
                g.apply(c)
            # ``own``: the caller's list is kept as it is (a save's, just decoded), not copied:
            # a list grown to a few hundred commands asks the heap for one block twice its size
            # at each doubling, which a fragmented heap (a game opened after another) lacks.
            self.cmds = cmds if own and type(cmds) is list else list(cmds)

    stale = False  # True while the game may hold a half-applied command (see ``do``)
    # Kept in the save beside the game (``App``, ``plays``): the players' names per seat
    # (None: no names picked), the ms the device was on while the game was open and not over,
    # and the number of the game's play in the plays log (0: none drawn yet).
    names = None  # type: list | None
    ms = 0
    play = 0
    rec = None  # type: dict | None  # the finished game's play as logged (an undo takes it out of the totals)
    clock = None  # the table's clock (``turnclock.TurnClock``), None: none; never an input to a rule

    @property
    def game(self):
        """The game object: ``cmds`` applied in order.  A ``stale`` game (a command failed
        half-way and its rollback ran out of memory, or a screen ran out of memory in the
        middle of a preview) is rebuilt first, MemoryError if there is still no room: no
        screen ever draws or works out a command from a half-applied game."""
        if self.stale:
            self._replay()
        return self._game

    @game.setter
    def game(self, g):
        self._game = g

    def do(self, cmd):
        """Apply ``cmd`` and record it.  ValueError (state unchanged) if illegal.

        A command that fails half-way (a MemoryError while it changes the state) is
        rolled back by a replay; if that replay runs out of memory too, ``stale`` is
        True and the error is raised: the next ``do``, ``game`` or ``refresh()`` rebuilds
        it first, so nothing ever builds on it (``cmds`` is right all along: the failed
        command is not in it)."""
        if self.stale:  # never a command over a half-applied one: rebuild first (or raise)
            self._replay()
        try:
            self._game.apply(cmd)
        except Exception:
            self.stale = True
            self._replay()  # a half-applied command (or a bug) is rolled back
            raise
        self.cmds.append(cmd)

    def refresh(self):
        """Rebuild ``game`` from the commands (after a ``stale`` error); MemoryError if
        there is still no room."""
        self._replay()

    def undo(self):
        """Drop the last command; False when there is nothing to undo.  If the replay
        runs out of memory the command is put back (nothing undone) and it raises."""
        if not self.cmds:
            return False
        cmd = self.cmds.pop()
        try:
            self._replay()
        except MemoryError:
            self.cmds.append(cmd)
            raise
        return True

    def _replay(self):
        g = self.game_cls(self.setup, self.seed)
        for c in self.cmds:  # a loop, not recursion: long games stay flat
            g.apply(c)
        self._game = g
        self.stale = False

    def to_doc(self):
        """The JSON-able save document of this session: game, setup, seed, cmds, and
        ``names``, ``ms``, ``play``, ``rec`` and ``clock`` when set (see above)."""
        doc = {"game": self.game_cls.NAME, "setup": self.setup, "seed": self.seed, "cmds": self.cmds}
        if self.names:
            doc["names"] = self.names
        if self.ms:
            doc["ms"] = self.ms
        if self.play:
            doc["play"] = self.play
        if self.rec is not None:
            doc["rec"] = self.rec
        if self.clock is not None:
            doc["clock"] = self.clock.to_doc()
        return doc
