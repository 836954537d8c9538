"""The rule cards of a turn's actions (R-ACT) and of movement (R-MOV), in a player's words:
each entry is (rule id, title, summary, worked example or ""). :mod:`.rulebook` serves
them."""

from __future__ import annotations

from game.client.words.lang import N_

Entry = tuple[str, str, str, str]

SEA_MOVE_EXAMPLE = (
    N_("From the rulebook: Great Britain wants an army in India but has no fleet there. In one move action it "
    "first sends a fleet from North America to India: the sea roll is 2, so the fleet arrives. Now an army "
    "may follow from the German States, since a British fleet is in India: it rolls 1, rolls again and gets "
    "3, so the army stays in the German States. With another action left, it could try again."))

ENTRIES: tuple[Entry, ...] = (
    # ------------------------------------------------------------------ actions
    ("R-ACT-A1", N_("Buy a tile"),
     N_("Take a tile from the stock and pay its cost in gold, unrest and population as printed. A tile with no "
     "cost is free, but taking it still uses the action. At most one tile a round."),
     N_("Army Training costs 3 gold and you have 2: you borrow a lot of 2 (R-GEN-5), pay 3, keep 1 gold and "
     "take 1 unrest.")),
    ("R-ACT-A2", N_("Which tiles you keep"),
     N_("Tiles stay yours for the game, except: alliance tiles go back to the stock at the end of each war; "
     "Pirates and Slave Revolt are played at once; Surprise Attack, Blockade and Fighting Withdrawal are kept "
     "until used once, then go back. You cannot use one of those and buy it back in the same round."), ""),
    ("R-ACT-B1", N_("Build"),
     N_("Pay 1 population and place an army, fleet or fort from your supply in your home nation. It may move at "
     "once by the movement rules, sea roll included, or stay at home."), ""),
    ("R-ACT-B2", N_("Forts"),
     N_("A fort moves only as part of its build, as if it were an army. If a sea roll sends it back, it stays "
     "at home and may move later with a move action; a fort you chose to keep at home stays there. Once in a "
     "VP area, a fort never moves again."), ""),
    ("R-ACT-B3", N_("New fleets"),
     N_("A fleet built in your home nation may sail at once to any sea area (R-MOV-2)."), ""),
    ("R-ACT-B4", N_("Disband and rebuild"),
     N_("As part of a build you may first remove one of your units from anywhere, taking 1 unrest, and build it "
     "again, of the same kind. That is how a fort changes place, and how you build when your supply of that "
     "unit is empty."),
     N_("Both your forts stand in Africa and you want one in India: build, disband a fort in Africa (1 unrest), "
     "pay 1 population, and the fort is built at home and sails for India as an army would (a sea roll, and "
     "a fleet of yours must be in India).")),
    ("R-ACT-C1", N_("Move"),
     N_("Move up to 2 units (3 with Logistics), armies or fleets, one after the other, each at most once in the "
     "action. A unit goes straight to its destination, however far. A unit whose sea roll kept it where it "
     "was can try again only with another action."), SEA_MOVE_EXAMPLE),
    ("R-ACT-D1", N_("Attack"),
     N_("Pay 2 gold and fight in one area: see the combat rules, from R-CMB-1."), ""),
    ("R-ACT-E1", N_("Colonise"),
     N_("Pay 1 population: your control marker replaces a neutral counter marked \"Pop\", which leaves the "
     "game. You need no unit there."), ""),
    ("R-ACT-E2", N_("Enslave"),
     N_("With at least one fleet of yours in Africa, your control marker replaces a neutral counter marked "
     "\"Slaves\", at no cost."), ""),
    ("R-ACT-E3", N_("Colonise or enslave, once a round"),
     N_("Colonising and enslaving are one kind of action: you may do only one of them per round."), ""),
    ("R-ACT-F1", N_("Pass"),
     N_("Do nothing with this action. You still play in the rounds that follow."), ""),
    # ------------------------------------------------------------------ movement
    ("R-MOV-1", N_("What moves, and where not"),
     N_("Only armies and fleets move (forts: R-ACT-B2). A unit may always go back to its own home nation, and "
     "may never enter another power's."), ""),
    ("R-MOV-2", N_("Fleets"),
     N_("Fleets move only between sea areas: the six colonies, the Baltic, the Mediterranean and their own home "
     "nation."), ""),
    ("R-MOV-3", N_("Armies into a colony"),
     N_("An army may enter a colony only if you already have a fleet there: a fleet in North America does not "
     "open South America or the Caribbean. A Blockade there may forbid it (R-TIL-21). The fleet is needed to "
     "enter, not to stay: armies there remain when the fleets leave."),
     N_("Great Britain's army may sail for India only once a British fleet is in India (the rulebook's sea "
     "move: the fleet goes first).")),
    ("R-MOV-4", N_("Armies in Europe"),
     N_("An army may enter a European VP area if at least one holds: you have a control marker there; you have "
     "one in an adjacent area; the area borders your home nation (Great Britain counts as bordering the "
     "German States); you have a fleet there (Baltic or Mediterranean); or it is the Ottoman Empire and you "
     "have a fleet in the Mediterranean."),
     N_("A Spanish army may march into the Ottoman Empire with no marker anywhere near, if a Spanish fleet is in "
     "the Mediterranean.")),
    ("R-MOV-5", N_("Sea rolls"),
     N_("Each army or fleet moving into or out of a colony (except among the three Americas) rolls a die: on 2 "
     "to 6 it arrives. On a 1 it rolls again: 1 or 2, the unit is lost at sea (no unrest); 3 or 4, it stays "
     "where it was; 5 or 6, it arrives. Navigation adds 2 to that second roll. In all, 8 moves in 9 arrive "
     "and 1 in 18 is lost; with Navigation none is lost."), SEA_MOVE_EXAMPLE),
)
