"""Every event's sentence is rebuilt from its kind and fields (game/client/words/events.py)
exactly as the engine writes its ``text``: over whole fuzzed games for 2 to 7 players and
the scenario files, for a spectator and for seats (whose own unrest shows as "(+N
unrest)"), which proves the events' data complete; every kind the engine can report has
a sentence, and every kind is met at least once (there or in a focused position here)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from game.client.words.events import TEMPLATES, event_sentence
from game.rules import Event, event_dicts, pending
from game.rules.board import load_board

from .wordplay import played, run

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"
GB, FR, ES = "great_britain", "france", "spain"
# kinds random play and the scenario files do not reach; each has a focused test below
FOCUSED = {"reform", "revolt_failed"}
BOARD = load_board("standard")


def engine_kinds() -> set[str]:
    """The kind of every ``log.add("kind", ...)`` in game/rules."""
    kinds = set()
    for path in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add"
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "log"):
                first = node.args[0]
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), ast.dump(node)
                kinds.add(first.value)
    return kinds


def said(steps: list[list[Event]], seats: int) -> list[str]:
    """Every event of ``steps`` said for the spectator and every seat; the kinds seen."""
    kinds = []
    for events in steps:
        for viewer in (None, *range(seats)):
            for e in event_dicts(events, viewer):
                assert event_sentence(e, BOARD) == e["text"], e
                kinds.append(str(e["kind"]))
    return kinds


def test_every_event_of_whole_games_and_scenarios_is_said_as_the_engine_says_it() -> None:
    p = played()
    seen: Counter[str] = Counter()
    suffixed = 0
    for step in p.steps:
        viewers = sorted({None, 0, step.seats - 1, *(e.seat for e in step.events if e.seat >= 0)}, key=str)
        for v in viewers:
            for e in event_dicts(step.events, v):
                assert event_sentence(e, p.board) == e["text"], e
                seen[str(e["kind"])] += 1
                suffixed += "unrest" in e
    assert suffixed > 100
    missing = engine_kinds() - set(seen)
    assert missing <= FOCUSED, f"kinds no game, scenario or focused test reaches: {sorted(missing - FOCUSED)}"


def test_every_kind_the_engine_reports_has_a_sentence() -> None:
    kinds = engine_kinds()
    assert len(kinds) >= 60
    client = {"undo"}  # the client's own event (a choice taken back), said too
    assert set(TEMPLATES) == kinds | client, (sorted(kinds - set(TEMPLATES)), sorted(set(TEMPLATES) - kinds - client))


def test_unrest_shows_only_to_its_own_seat() -> None:
    """R-GEN-6: "(+N unrest)" ends the sentence its own seat reads; a spectator and the
    other seats read the sentence without it."""
    p = played()
    checked = 0
    for step in p.steps[:600]:
        for e in step.events:
            if e.seat < 0 or not e.unrest:
                continue
            assert event_sentence(e.to_dict(e.seat), p.board) == f"{e.text} ({e.unrest:+d} unrest)"
            assert event_sentence(e.to_dict(None), p.board) == e.text
            assert event_sentence(e.to_dict((e.seat + 1) % step.seats), p.board) == e.text
            checked += 1
    assert checked > 10


def test_an_event_of_another_kind_is_said_by_its_own_text() -> None:
    """A front end's own events (a replay's notice) are not the engine's: their text stands."""
    assert event_sentence({"kind": "notice", "text": "NOTE: unwitnessed dice"}, BOARD) == "NOTE: unwitnessed dice"


# --------------------------------------------------------------------------- kinds random play does not reach
def test_government_reform_with_and_without_unrest_to_remove() -> None:
    """R-TIL-13: "reform", with "(-2 unrest)" for Great Britain (none when it had none)."""
    for unrest in (3, 0):
        st, steps = run([GB, FR], [(GB, "buy"), (GB, "tile", "government_reform")], turn={"power": GB},
                        players={GB: {"unrest": unrest}})
        assert {"buy", "pay", "reform"} <= set(said(steps, st.n))
    reform = next(e for e in run([GB, FR], [(GB, "buy"), (GB, "tile", "government_reform")], turn={"power": GB},
                                 players={GB: {"unrest": 3}})[1][-1] if e.kind == "reform")
    assert event_sentence(reform.to_dict(0), BOARD) == "Great Britain reforms its government (-2 unrest)"


def test_pirates_that_lose_their_battle_fail() -> None:
    """R-TIL-17: "The Pirates fail; the tile returns to the stock"."""
    st, steps = run([GB, FR, ES], [(GB, "buy"), (GB, "tile", "pirates"), (GB, "revolt", "india", FR),
                                   ("roll", 2, 2, 2, 2)],
                    turn={"power": GB}, areas={"india": {FR: {"fleet": 2, "markers": 1}}})
    kinds = said(steps, st.n)
    assert {"revolt", "dice", "battle", "revolt_failed"} <= set(kinds)


def test_tied_winners_win_the_game_together() -> None:
    """R-END-4: two players level on VP, unrest and gold both win: "... and ... win the game"."""
    level = {"vp": 5, "gold": 3}
    st, steps = run([GB, FR], [], phase="war_end", war=3, players={GB: level, FR: level})
    assert pending(st).is_over
    assert "game_over" in said(steps, st.n)
    over = next(e for e in steps[0] if e.kind == "game_over")
    assert event_sentence(over.to_dict(None), BOARD) == "Great Britain and France win the game"


def test_the_pirates_roll_and_a_fort_that_stands_is_said_once_in_both_languages() -> None:
    """R-TIL-17, R-CMB-8: the dice line agrees with the Pirates' plural name ("the Pirates
    roll"; Italian "dadi dei Pirati"), the Slave Revolt's with its singular one; a fort
    spared on a tie with a 7 is one line that says the fort stands, in English as the
    engine says it and in Italian."""
    from game.client.words.lang import speaking

    _, pirates = run([GB, FR, ES], [(GB, "buy"), (GB, "tile", "pirates"), (GB, "revolt", "india", FR),
                                    ("roll", 6, 2, 2, 2)], turn={"power": GB}, areas={"india": {FR: {"markers": 1}}})
    _, revolt = run([GB, FR, ES], [(GB, "buy"), (GB, "tile", "slave_revolt"), (GB, "revolt", "caribbean", FR),
                                   ("roll", 2, 2, 6, 1)], turn={"power": GB},
                    areas={"caribbean": {FR: {"army": 2, "markers": 1}}})
    _, fort = run([GB, FR], [(GB, "attack"), (GB, "attack", "german_states", "power", FR), ("roll", 2, 3, 3, 4)],
                  turn={"power": GB}, areas={"german_states": {GB: {"army": 2}, FR: {"fort": 1, "markers": 1}}})
    wanted = {"dice", "marker_captured", "revolt_failed", "no_loss"}
    events = [e for step in pirates + revolt + fort for e in step if e.kind in wanted]
    assert [e.kind for step in fort for e in step].count("no_loss") == 1
    english = [event_sentence(e.to_dict(None), BOARD) for e in events]
    assert english == [e.text for e in events]
    assert english == ["Naval battle in India: the Pirates roll 6 and 2, France rolls 2 and 2",
                       "France has no unit left to lose in the naval battle in India",
                       "The Pirates capture France's control marker in India",
                       "Battle in Caribbean: the Slave Revolt rolls 2 and 2, France rolls 6 and 1",
                       "The Slave Revolt fails; the tile returns to the stock",
                       "Battle in German States: Great Britain rolls 2 and 3, France rolls 3 and 4",
                       "France's fort stands in German States: a fort is never lost on a tie"]
    with speaking("it"):
        italian = [event_sentence(e.to_dict(None), BOARD) for e in events]
    assert italian[0] == "Combattimento navale in India: dadi dei Pirati 6 e 2, dadi della Francia 2 e 2"
    assert italian[3].startswith("Combattimento nei Caraibi: dadi di ")
    assert italian[6] == "Il forte della Francia negli Stati Tedeschi resta in piedi: in caso di parità un forte non si " \
                         "perde mai"
