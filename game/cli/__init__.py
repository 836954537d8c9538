"""The command-line front ends of ``soe``: the parser (:mod:`game.cli.main`), terminal play,
self-play, scenarios, the demo and the network subcommands."""

from game.cli.main import build_parser, main

__all__ = ["build_parser", "main"]
