"""What every front end shares and none draws: the tables behind a game screen (a local
game against computer players, a static position, a network game), the local save
format, the data and config folders, the one loop that drives a game, and the words
(every sentence a player reads, made from structured events, prompts and refusals).

Nothing here imports pygame or prints; the window (:mod:`game.ui`) and the terminal
(:mod:`game.cli`) both stand on it.
"""
