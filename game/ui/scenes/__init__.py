"""The window's scenes, one module (or, for the game screen and the replay, one
package) per scene or small family: the main menu, the new-game form, the saved games,
the settings form, the pause menus, the list of games to watch, the end screens, the game
screen and the replay. No scene imports another: each opens the others by name through
the app (:mod:`game.ui.navigation` knows them all), and what they share lives in
:mod:`game.ui.widgets` and :mod:`game.ui.drawing`."""
