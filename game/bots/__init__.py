"""Computer players. A bot chooses only from the engine's legal choices.

Every bot implements :class:`Bot`: ``choose(state, seat, options) -> Choice``. ``options``
is ``legal(state, seat)``; a bot may read the state but not other seats' unrest (the
board game hides it); bots that look ahead use :func:`game.rules.apply` on copies.
``easy``, ``normal`` and ``hard`` are the searching bot's levels (``docs/bots.md``).
"""

from game.bots.base import BOT_NAMES, LEVELS, Bot, bot_names_for, make_bot
from game.bots.greedy import GreedyBot
from game.bots.ledger import UnrestLedger, lend
from game.bots.random_bot import RandomBot
from game.bots.search import SearchBot

__all__ = ["Bot", "BOT_NAMES", "GreedyBot", "LEVELS", "RandomBot", "SearchBot", "UnrestLedger", "bot_names_for", "lend",
           "make_bot"]
