"""What the game screen says while the game waits for chance: dice are rolled, the bag is
drawn from, and the prompt says what for (the first player, the nation counters, the
battle in an area), in English and in Italian."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.client.tables import StaticTable  # noqa: E402
from game.client.words.lang import speaking  # noqa: E402
from game.rules import pending  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.shots import selfplay_steps  # noqa: E402
from tests.ui.test_ui_decisions import game_screen  # noqa: E402


def _shown_at(kind: str) -> GameScene:
    """A 4-player game shown at its first wait for chance of ``kind``."""
    steps = selfplay_steps(3, 4, lambda i, s: (c := pending(s.state).chance) is not None and c.kind == kind)
    app, scene = game_screen(StaticTable(steps, seat=0))
    app.draw()
    return scene


def test_the_first_draws_of_a_game_are_draws_not_dice() -> None:
    scene = _shown_at("first_player")
    assert scene.status_words() == "Drawing..."
    assert scene.drawn_prompt == "Draw the first player (R-SET-2)"
    with speaking("it"):
        scene.app.draw()  # type: ignore[union-attr]
        assert scene.status_words() == "Pesca..."
        assert scene.drawn_prompt == "Sorteggio del primo giocatore (R-SET-2)"


def test_a_battles_dice_say_where_the_battle_is() -> None:
    scene = _shown_at("dice")
    assert scene.status_words() == "Rolling..."
    assert scene.drawn_prompt.startswith("Dice for the "), scene.drawn_prompt
    assert scene.drawn_prompt.endswith(" (R-CMB-5)")
    with speaking("it"):
        scene.app.draw()  # type: ignore[union-attr]
        assert scene.status_words() == "Lancio dei dadi..."
        assert scene.drawn_prompt.startswith("Dadi del combattimento in "), scene.drawn_prompt


class CatchingUp(StaticTable):
    """A network table's position whose peer has not heard from the others yet."""

    behind = True

    def catching_up(self) -> bool:
        return self.behind


def test_a_table_catching_up_offers_no_decision_until_the_others_answer() -> None:
    """A resumed or joining player's window does not offer the seat's choices before its
    peer has heard from the others (they may hold moves past this position): the bars say
    it is catching up; once it is, the choices come at once."""
    steps = selfplay_steps(3, 4, lambda i, s: (p := pending(s.state)).chance is None and p.seat == 0 and i > 0)
    table = CatchingUp(steps, seat=0)
    app, scene = game_screen(table)
    for _ in range(5):
        app.frame(0.0)
    app.draw()
    assert scene.picker is None and not scene.my_turn_shown()
    assert scene.status_words() == "Catching up..."
    assert scene.drawn_prompt == "Catching up with the other players: your choices come once they answer"
    table.behind = False
    app.frame(0.0)
    app.draw()
    assert scene.picker is not None and scene.status_words() == "Your decision"
    assert not scene.drawn_prompt.startswith("Catching up")
