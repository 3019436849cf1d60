"""The table's clock's engine (firmware/games/clock/engine.py, issue 53): values from the issue
(a warning 10 s before the end of a turn limit or a bank and at 0, then the overtime counted up;
the game goes on), undo giving a turn its time back, the save document; and the Timer's turns.
On CPython and under MicroPython alike."""
from engine_shared import raises

from games.clock import engine
from games.timer.game import TimerGame


def test_turn_limit_counts_down_warns_at_10_s_then_counts_overtime():
    c = engine.TurnClock(engine.LIMIT, 3, 30)
    c.switch(0, 0)
    c.advance(19999)
    assert c.text(0) == "0:11" and c.state(0) == engine.NORMAL
    c.advance(1)
    assert c.text(0) == "0:10" and c.state(0) == engine.WARN  # 10 s before the end
    c.advance(10000)
    assert c.text(0) == "0:00" and c.state(0) == engine.OVER  # at 0
    c.advance(5000)
    assert c.text(0) == "+0:05" and c.state(0) == engine.OVER
    c.switch(1, 4)  # the next player's turn starts afresh
    assert c.text(1) == "0:30" and c.spent[0] == 35000 and c.turns[0] == 1


def test_chess_clock_bank_runs_over_the_whole_game_then_overtime():
    c = engine.TurnClock(engine.CHESS, 2, 60)
    c.switch(0, 0)
    c.advance(40000)
    c.switch(1, 1)
    c.advance(5000)
    c.switch(0, 2)
    assert c.text(0) == "0:20" and c.text(1) == "0:55"
    c.advance(15000)
    assert c.state(0) == engine.WARN
    c.advance(10000)
    assert c.text(0) == "+0:05" and c.state(0) == engine.OVER and c.state(1) == engine.NORMAL


def test_count_mode_never_warns():
    c = engine.TurnClock(engine.COUNT, 2)
    c.switch(1, 0)
    c.advance(3600 * 1000 + 61000)
    assert c.text(1) == "61:01" and c.state(1) == engine.NORMAL
    c.advance(100 * 60 * 1000)
    assert c.text(1) == "2h41"


def test_undo_gives_a_turn_its_time_back():
    c = engine.TurnClock(engine.COUNT, 3)
    c.switch(0, 2)
    c.advance(40000)
    c.switch(1, 3)  # player 0's turn closed by the 3rd command
    c.advance(10000)
    assert not c.undo_to(3)  # nothing closed after 3 commands
    assert c.undo_to(2)  # the 3rd command undone: player 0's turn runs again with its 40 s
    assert c.cur == 0 and c.run == 40000 and c.spent == [0, 0, 0] and c.turns == [0, 0, 0]
    assert c.total(1) == 0  # player 1's 10 s were a turn that is no more


def test_a_save_document_round_trips_and_garbage_is_no_clock():
    c = engine.TurnClock(engine.LIMIT, 4, 90)
    c.switch(2, 0)
    c.advance(1234)
    c.switch(3, 5)
    back = engine.load(c.to_doc())
    assert back.to_doc() == c.to_doc()
    for bad in (None, 3, "x", [1], [9, 0, [0], [0], -1, 0, []], [2, 0, [0], [0], -1, 0, []],
                [1, 0, [0, 0], [0], -1, 0, []], [1, 0, [0], [0], 5, 0, []], [1, 0, [-1], [0], -1, 0, []],
                [1, 0, [0], [0], -1, 0, [[7, 0, 0]]], [1, 0, [0], [0], -1, 0, [["a", 0, 0]]]):
        assert engine.load(bad) is None, bad


def test_the_timer_passes_round_the_table():
    t = TimerGame({"players": 3}, 1)
    for _ in range(4):
        t.apply(["pass"])
    assert (t.turn, t.passes, t.round) == (1, 4, 2)
    for bad in ({"players": 1}, {"players": 9}, {"players": True}, {}):
        raises(TimerGame, bad, 1)
    raises(t.apply, ["pass", 1])
    raises(t.apply, ["roll"])
