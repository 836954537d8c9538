"""The window's menus, settings, lobbies and dialogs in Italian: the language chosen in
Settings changes the words at once (the menu below, and a game's pause menu mid-game,
with no restart) and is saved with the other settings; each of these screens drawn in
Italian at 1280x720 (artefacts in out/ui-screens/) with every button's words inside the
button; the lobbies' and the lists' sentences in Italian; and no message of these files
without an Italian translation."""

from __future__ import annotations

import contextlib
import io
import json
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client import folders
from game.client.gamefile import GameFile, load_game_file
from game.client.gamelist import list_games, standing, who_played
from game.client.settings import Settings
from game.client.tables import StaticTable, Step
from game.client.words.lang import LANGUAGES, language, set_language, system_language
from game.client.words.lobby import countdown, duration, lan_state, waiting
from game.client.words.names import Names
from game.rules import outcome, pending
from game.rules.board import load_board
from game.ui.app import App, Intent, Scene
from game.ui.drawing.assets import font
from game.ui.gamescreen import as_screen
from game.ui.scenes.host_lobby import HostLobby
from game.ui.scenes.join_lobby import JoinLobby
from game.ui.scenes.main_menu import MainMenu
from game.ui.scenes.settings import SettingsMenu
from game.ui.shots import selfplay_steps
from net.core.lobby import Invite
from net.discovery import Announcement
from tests.ui.games import network_log, play_save, put_game
from tests.ui.lobbykit import click, close_all, drawn, frames, host_base, options, paste, top, window

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)

#: this part's files: their message ids must all have an Italian translation
FILES = ("game/ui/app.py", "game/ui/navigation.py", "game/ui/netplay.py", "game/ui/sound.py", "game/ui/shots.py",
         *(f"game/ui/scenes/{n}.py" for n in ("main_menu", "new_game", "open_game", "settings", "pause", "end",
                                             "fairness", "whatif", "host_setup", "host_lobby", "join", "join_lobby",
                                             "watch", "replay_list", "rulecard")),
         *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "game/ui/widgets").glob("*.py")),
         "game/client/words/lobby.py", "game/client/words/netgames.py", "game/client/gamelist.py",
         "game/client/netlobby.py", "game/client/netgames.py", "game/client/saves.py", "game/client/settings.py")


@pytest.fixture(scope="module")
def steps() -> list[Step]:
    """A whole game between greedy bots, step by step (made once for the module)."""
    return selfplay_steps(7, 4, lambda i, s: False)


def _settle(app: App) -> None:
    app.frame(0.0)
    end = time.monotonic() + 60
    while app.busy():
        assert time.monotonic() < end, "the screen never settled"
        app.frame(0.0)
    app.draw()


def _press(app: App, key: object) -> None:
    """A click on the top scene's button ``key`` (drawn first, so its buttons are where they show)."""
    app.draw()
    b = next(b for b in top(app).buttons if b.key == key)  # type: ignore[attr-defined]
    app.dispatch(Intent("click", b.rect.center, 1))
    app.frame(0.0)
    app.draw()


def _label(scene: Scene, key: object) -> str:
    return str(next(b.label for b in scene.buttons if b.key == key))  # type: ignore[attr-defined]


def _cut(scene: Scene, size: int) -> list[str]:
    """The buttons whose words do not fit inside them, even condensed, drawn at ``size``."""
    out = []
    for b in getattr(scene, "buttons", []):
        if b.label and font("cond-bold", size).size(b.label)[0] > b.rect.width - 8:
            out.append(b.label)
    return out


def _power(pid: str) -> str:
    """A power's name in the language in use (the names' catalog says it)."""
    return Names(load_board()).power(pid)


def _shot(app: App, artefacts: Path, name: str) -> None:
    pygame.image.save(app.surface, str(artefacts / f"it-{name}.png"))


# ---------------------------------------------------------------------- the choice in Settings
def test_the_language_chosen_in_settings_changes_the_words_at_once_and_is_saved(home: Path, artefacts: Path) -> None:
    try:
        set_language("en")
        app = App(SIZE, hidden=True)
        app.settings = Settings()
        app.push(MainMenu(app.settings))
        _settle(app)
        assert _label(top(app), "settings") == "Settings"
        _press(app, "settings")
        form = top(app)
        assert isinstance(form, SettingsMenu)
        assert _label(form, "language").startswith("Language: System (")
        _press(app, "language")
        assert app.settings.language == "en" and _label(form, "language") == "Language: English"
        _press(app, "language")  # Italiano: the form says it in Italian at once
        assert app.settings.language == "it" and language() == "it"
        assert _label(form, "language") == "Lingua: Italiano" and _label(form, "save") == "Salva e torna indietro"
        _shot(app, artefacts, "settings")
        assert not _cut(form, form.px(17))
        _press(app, "save")  # saved, and the menu below speaks Italian with no restart
        assert top(app) is not form
        assert _label(top(app), "settings") == "Impostazioni" and _label(top(app), "quit") == "Esci"
        assert json.loads(Settings.path().read_text())["language"] == "it"
        assert Settings.load().language == "it" and Settings.load().language_code() == "it"
        app.push_scene("settings", settings=app.settings)
        _press(app, "language")  # round again: the system's, in its own words
        assert app.settings.language == "" and language() == system_language()
        assert _label(top(app), "language").endswith(f" ({LANGUAGES[system_language()]})")
    finally:
        set_language("en")


def test_the_language_changes_mid_game_from_the_pause_menu(home: Path, steps: list[Step], artefacts: Path) -> None:
    try:
        set_language("en")
        app = App(SIZE, hidden=True)
        app.settings = Settings(speed="instant")
        game = as_screen(app.push_scene("game", table=StaticTable(steps[:40]), speed="instant"))
        _settle(app)
        pause = app.push_scene("pause", game=game)
        app.draw()
        assert _label(pause, "resume") == "Back to the game"
        _press(app, "settings")
        form = top(app)
        assert isinstance(form, SettingsMenu)
        while app.settings.language != "it":
            _press(app, "language")
        _press(app, "save")
        assert top(app) is pause and _label(pause, "resume") == "Torna alla partita"
        assert _label(pause, "menu") == "Menu principale (la partita è salvata)"
        _shot(app, artefacts, "pause")
        assert not _cut(pause, pause.px(17))
        assert app.scenes[0] is game and game.app is app  # the game went on under the menus
    finally:
        set_language("en")


# ---------------------------------------------------------------------- the screens in Italian
def test_the_main_menu_and_the_new_game_form_in_italian(home: Path, italian: None, artefacts: Path) -> None:
    app = App(SIZE, hidden=True)
    app.settings = Settings()
    app.push(MainMenu(app.settings))
    _settle(app)
    menu = top(app)
    assert _label(menu, "play") == "Gioca contro il computer" and _label(menu, "replays") == "Guarda un replay"
    assert not _cut(menu, menu.px(17))
    _shot(app, artefacts, "menu")
    _press(app, "play")
    form = top(app)
    assert _label(form, ("start",)) == "Inizia" and _label(form, ("level", "hard")) == "Difficile"
    assert _label(form, ("power", "united_provinces")).strip() == _power("united_provinces")
    assert not _cut(form, form.px(17))
    _shot(app, artefacts, "new-game")


def test_the_end_screen_in_italian(home: Path, italian: None, steps: list[Step], artefacts: Path) -> None:
    app = App(SIZE, hidden=True)
    app.settings = Settings(speed="instant")
    game = as_screen(app.push_scene("game", table=StaticTable(steps), speed="instant"))
    _settle(app)
    res = outcome(steps[-1].state)
    assert res is not None
    end = app.push_scene("end", game=game, result=res)
    app.draw()
    assert [_label(end, k) for k in ("board", "fairness", "menu", "quit")] == [
        "Vedi la mappa", "Dadi ed equità", "Menu principale", "Esci"]
    assert not _cut(end, end.px(15))  # type: ignore[attr-defined]
    _shot(app, artefacts, "end")


def test_the_rules_overlay_in_italian(home: Path, italian: None, artefacts: Path) -> None:
    from game.client.words.rulebook import RULES

    app = App(SIZE, hidden=True)
    index = app.push_scene("rules")
    app.draw()
    assert _label(index, "close") == "Chiudi"
    assert not _cut(index, index.px(13))  # type: ignore[attr-defined]
    _shot(app, artefacts, "rules-index")
    app.pop(index)
    ids = sorted(RULES)[:2]
    card = app.push_scene("rules", ids=ids)
    app.draw()
    assert _label(card, "count") == "Regola 1 di 2" and _label(card, "index") == "Tutte le regole"
    assert not _cut(card, card.px(13))  # type: ignore[attr-defined]
    _shot(app, artefacts, "rules-card")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished local save and a network game's log, made once for the module."""
    d = tmp_path_factory.mktemp("made")
    play_save(d / "local.jsonl", 3, 21)
    network_log(d / "network.jsonl", 2)
    return {"local": d / "local.jsonl", "network": d / "network.jsonl"}


def test_the_lists_of_games_and_what_if_in_italian(home: Path, italian: None, made: dict[str, Path],
                                                   artefacts: Path) -> None:
    now = time.time()
    put_game(made["local"], folders.local_games_dir() / "game-1.jsonl", now - 300)
    put_game(made["local"], folders.local_games_dir() / "game-2.jsonl", now - 200, lines=40)
    put_game(made["network"], folders.network_games_dir() / "g.abcd.jsonl", now - 100)
    assert len(list_games()) == 3
    app = App(SIZE, hidden=True)
    app.settings = Settings()
    app.push(MainMenu(app.settings))
    _settle(app)
    _press(app, "replays")
    _settle(app)
    rows = top(app).drawn  # type: ignore[attr-defined]
    assert any("Partita locale   non finita: Guerra " in r for r in rows), rows
    assert any("Partita in rete   finita: " in r for r in rows), rows
    assert any(r.startswith("Hai giocato ") and "(computer, " in r for r in rows), rows
    assert any(r.startswith("Partite 1-3 di 3, dalla più recente") for r in rows), rows
    _shot(app, artefacts, "replays")
    _press(app, ("back",))
    _press(app, "open")
    _settle(app)
    _shot(app, artefacts, "open")
    game: GameFile = load_game_file(made["local"])
    k = next(i for i in range(game.last // 2, game.last) if pending(game.steps[i].state).seat >= 0)
    app.push_scene("whatif", game=game, step=k, settings=app.settings)
    app.draw()
    whatif = top(app)
    assert _label(whatif, ("back",)) == "Torna al replay"
    assert not _cut(whatif, whatif.px(17))  # type: ignore[attr-defined]
    _shot(app, artefacts, "whatif")


def test_the_host_and_join_lobbies_in_italian(home: Path, italian: None, artefacts: Path) -> None:
    host, guest = window("North"), window("South")
    try:
        host.push_scene("menu", settings=host.settings)
        click(host, "host")
        setup = top(host)
        setup.base = host_base(home)  # type: ignore[attr-defined]  # (loopback, a key of its own)
        setup.fields.fields["port"].set("0")  # type: ignore[attr-defined]  # any free port
        host.draw()
        assert _label(setup, ("host",)) == "Ospita la partita" and not _cut(setup, setup.px(14))
        _shot(host, artefacts, "host-setup")
        setup.message = "Incolla non è disponibile qui (niente appunti: " + "x" * 200 + ")."  # type: ignore[attr-defined]
        host.draw()  # a message too long for the form's foot: a box over it, never cut short
        assert setup.message_box is not None  # type: ignore[attr-defined]
        _shot(host, artefacts, "host-setup-message")
        host.dispatch(Intent("key", key=pygame.K_SPACE, text=" "))
        assert setup.message == ""  # type: ignore[attr-defined]  # (the key closed it)
        click(host, ("players", -1))
        click(host, ("host",))
        lobby = top(host)
        assert isinstance(lobby, HostLobby)
        frames([host], lambda: lobby.room.hosted is not None, "the host's table")
        assert lobby.room.hosted is not None
        invite = lobby.room.hosted.invite
        said = drawn(lobby)
        assert "In attesa di altri 2 giocatori." in said and "Non è ancora entrato nessuno" in said
        assert "Gli altri raggiungono questo tavolo a " in said
        assert _label(lobby, "copy") == "Copia l’invito" and not _cut(lobby, lobby.px(17))
        _shot(host, artefacts, "host-lobby")

        seen = [Announcement("North's game", invite, 3, 2, False, "North"),  # (as a host announces it: its name, in Italian here)
                Announcement("Una partita iniziata", Invite("192.0.2.7", 47311, "cd" * 16, "wxyz-wxyz-wxyz-wxyz"),
                              4, 0, True)]
        guest.push_scene("join", settings=guest.settings, options=options(home, "south"), browse=lambda s: seen)
        form = top(guest)
        frames([guest], lambda: "Partita di North: 2 posti liberi su 3" in drawn(form), "the LAN's games")
        assert "Una partita iniziata: iniziata" in drawn(form)
        paste(guest, str(invite))
        guest.draw()
        assert "Una partita a " in drawn(form) and _label(form, ("go",)) == "Entra" and not _cut(form, form.px(17))
        _shot(guest, artefacts, "join")
        click(guest, ("go",))
        joining = top(guest)
        assert isinstance(joining, JoinLobby)
        frames([host, guest], lambda: joining.room.state.phase == "seated" and "South" in drawn(lobby),
               "South to be seated")
        assert "Hai un posto: giochi " in drawn(joining) and "La partita: 3 giocatori" in drawn(joining)
        assert not _cut(joining, joining.px(17))
        _shot(guest, artefacts, "join-lobby")
        frames([host], lambda: "In attesa di 1 altro giocatore." in drawn(lobby), "the host's seats")
        _shot(host, artefacts, "host-lobby-joined")
    finally:
        close_all(host, guest)


def test_the_watch_form_in_italian(home: Path, italian: None, artefacts: Path) -> None:
    app = window("Carol")
    try:
        app.push_scene("watch", settings=app.settings, options=options(home, "carol"), browse=lambda s: [])
        form = top(app)
        frames([app], lambda: "Ancora nessuna partita annunciata in questa rete" in drawn(form), "the LAN's look")
        assert _label(form, ("go",)) == "Guarda" and _label(form, ("paste",)) == "Incolla"
        assert not _cut(form, form.px(17))
        _shot(app, artefacts, "watch")
    finally:
        close_all(app)


# ---------------------------------------------------------------------- the words
def test_the_lobbies_and_lists_count_in_italian(italian: None) -> None:
    assert waiting(1) == "In attesa di 1 altro giocatore." and waiting(3) == "In attesa di altri 3 giocatori."
    assert waiting(0) == "Tutti i posti sono occupati: la partita inizia."
    assert countdown(0.4, "greedy") == "I giocatori del computer (avido) prendono i posti vuoti tra 1 secondo."
    assert countdown(59.2, "hard").endswith("(difficile) prendono i posti vuoti tra 60 secondi.")
    assert lan_state(1, 4, False) == "1 posto libero su 4" and lan_state(2, 4, False) == "2 posti liberi su 4"
    assert lan_state(0, 4, False) == "al completo" and duration(3600) == "1 ora"
    from game.client.gamelist import GameEntry

    e = GameEntry(Path("g.jsonl"), "local", 0.0, powers=["france", "spain", "russia"], you=0, opponents="hard",
                  finished=True, winners=["spain", "russia"])
    fr, sp, ru = _power("france"), _power("spain"), _power("russia")
    assert standing(e) == f"finita: hanno vinto {sp} e {ru}"
    assert who_played(e) == f"Hai giocato {fr} contro {sp}, {ru} (computer, difficile)"
    e.winners = ["spain"]
    assert standing(e) == f"finita: ha vinto {sp}"


def _my_messages() -> list[Any]:
    from babel.messages.extract import extract_python

    from tools.i18n import KEYWORDS, _msg

    out: dict[tuple[str, str], Any] = {}
    for name in FILES:
        with (ROOT / name).open("rb") as f, contextlib.redirect_stderr(io.StringIO()):
            for line, func, args, _ in extract_python(f, KEYWORDS, [], {}):  # type: ignore[arg-type]
                m = _msg(str(func), args, f"{name}:{line}")
                if m is not None:
                    out.setdefault((m.context, m.msgid), m)
    return list(out.values())


def test_every_message_of_the_menus_has_an_italian_translation() -> None:
    from tools.i18n import problems

    mine = _my_messages()
    assert len(mine) > 250
    missing = list(problems("it", mine))
    assert not missing, "\n".join(missing)
    built: list[str] = []
    from tools.i18n import source_messages

    source_messages(built=built)
    assert not [b for b in built if b.split(":")[0] in FILES]  # no say() given an f-string here
