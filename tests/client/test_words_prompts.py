"""Every prompt is rebuilt from ``Pending.data`` (game/client/words/prompts.py) exactly as
the engine writes ``Pending.prompt``: every decision and chance request of whole fuzzed
games for 2 to 7 players and of the scenario files; every prompt the engine can make has
a sentence; the view carries the same data, as strings and integers only."""

from __future__ import annotations

import ast
import json
import random
from collections import Counter
from pathlib import Path

from game.bots import make_bot
from game.client.words.prompts import TEMPLATES, prompt_bare, prompt_sentence
from game.rules import Act, Roll, apply_in_place, legal, new_game, pending, view
from game.rules.board import load_board

from .wordplay import played, run

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"
GB, FR = "great_britain", "france"
BOARD = load_board("standard")
FOCUSED = {"lose"}  # prompts random play and the scenarios do not reach; each has a focused test


def engine_prompt_keys() -> set[str]:
    """The ``key`` of every prompt's data in game/rules (``decide``, ``chance``, ``Pending``;
    phase.py makes a Pending of the data it is given)."""
    keys = set()
    for path in sorted(RULES.glob("*.py")):
        if path.name == "phase.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                    "decide", "chance", "Pending"):
                data = [a for a in node.args if isinstance(a, ast.Dict)]
                assert len(data) == 1, f"{path.name}:{node.lineno}: a prompt without its data"
                entries = {k.value: v for k, v in zip(data[0].keys, data[0].values, strict=True)
                           if isinstance(k, ast.Constant)}
                key = entries.get("key")
                assert isinstance(key, ast.Constant) and isinstance(key.value, str), f"{path.name}:{node.lineno}"
                assert "rule" in entries, f"{path.name}:{node.lineno}: a prompt's data names its rule"
                keys.add(key.value)
    return keys


def test_every_prompt_of_whole_games_and_scenarios_is_said_as_the_engine_says_it() -> None:
    p = played()
    seen: Counter[str] = Counter()
    for pend in p.pendings:
        assert prompt_sentence(pend, p.board) == pend.prompt, pend
        assert prompt_sentence(dict(pend.data), p.board) == pend.prompt
        bare = prompt_bare(pend, p.board)
        assert pend.prompt == (f"{bare} ({pend.data['rule']})" if pend.data["rule"] else bare)
        seen[str(pend.data["key"])] += 1
    missing = engine_prompt_keys() - set(seen)
    assert missing <= FOCUSED, f"prompts no game, scenario or focused test reaches: {sorted(missing - FOCUSED)}"


def test_every_prompt_the_engine_makes_has_a_sentence() -> None:
    keys = engine_prompt_keys()
    assert len(keys) >= 30
    assert set(TEMPLATES) == keys, (sorted(keys - set(TEMPLATES)), sorted(set(TEMPLATES) - keys))


def test_the_view_carries_the_prompts_data_as_strings_and_integers() -> None:
    """``view(...)["pending"]["data"]`` is the prompt's data, JSON as it is (no floats, no
    booleans), and says the prompt."""
    rng = random.Random(5)
    bots = [make_bot("random", 50 + i) for i in range(4)]
    st = new_game(4)
    for k in range(10_000):
        p = pending(st)
        if k % 3 == 0 or p.is_over:
            v = view(st, p.seat if p.seat >= 0 else None)
            data = v["pending"]["data"]
            assert json.loads(json.dumps(v)) == v
            assert all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in data.values()), data
            assert prompt_sentence(data, BOARD) == v["pending"]["prompt"]
        if p.is_over:
            break
        if p.chance is not None:
            apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
        else:
            apply_in_place(st, Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
    assert pending(st).is_over


# --------------------------------------------------------------------------- prompts random play does not reach
def test_the_loser_with_an_army_and_a_fort_chooses_its_loss() -> None:
    """R-CMB-6: France loses the battle with an army and a fort in German States: it chooses
    which it loses ("France: choose the unit you lose")."""
    st, _ = run([GB, FR], [(GB, "attack"), (GB, "attack", "german_states", "power", FR), ("roll", 6, 2, 3, 3)],
                turn={"power": GB}, alliances={"A": [GB], "B": [FR]},
                areas={"german_states": {GB: {"army": 5}, FR: {"army": 1, "fort": 1, "markers": 1}}})
    p = pending(st)
    assert p.data["key"] == "lose" and prompt_sentence(p, BOARD) == p.prompt == (
        "France: choose the unit you lose (R-CMB-6)")
