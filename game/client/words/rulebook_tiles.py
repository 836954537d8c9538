"""The rule cards of the tiles (R-TIL), in a player's words: each entry is (rule id, title,
summary, worked example or ""). What a tile costs is on the tile (the stock's tooltips);
:mod:`.rulebook` serves these."""

from __future__ import annotations

from game.client.words.lang import N_

Entry = tuple[str, str, str, str]

ENTRIES: tuple[Entry, ...] = (
    ("R-TIL-1", N_("Army and Naval Training"),
     N_("+1 in land battles (Army Training) or sea battles (Naval Training) when you hold more of that tile than "
     "the other side and have a unit of your own in the battle; it works against neutrals too. An ally's "
     "tiles never count for you."),
     N_("Spain holds one Army Training, Great Britain none: Spain adds 1 on land. Austria's Army Training does "
     "not help its ally Great Britain.")),
    ("R-TIL-2", N_("Reserve"),
     N_("Once per war, after the dice of a battle you fight in as attacker or defender, reroll your two dice: "
     "the new roll stands. Both sides may use any number, offered in turn, attacker first, until both "
     "decline."),
     N_("You lose 5 to 7 after rolling 1 and 1. You use a Reserve and roll 6 and 1: 5 more, so 10 to 7, but "
     "the new roll is a 7, which costs you one more unit (R-CMB-7).")),
    ("R-TIL-3", N_("War Office"),
     N_("Once per war, one attack that is not one of your actions and costs no gold."), ""),
    ("R-TIL-4", N_("Mercenaries"),
     N_("Once per war, as a free action, build an army without paying population. It is placed at home and may "
     "move as after a build."), ""),
    ("R-TIL-5", N_("Pressgangs"),
     N_("Once per war, as a free action, build a fleet without paying population."), ""),
    ("R-TIL-6", N_("Trained Natives"),
     N_("Once per war, as a free action, build a free army straight into a colony where you have a control "
     "marker or a unit: no sea roll, no fleet needed. It may then make one free move (with a sea roll if it "
     "leaves the colony)."), ""),
    ("R-TIL-7", N_("Militia"),
     N_("Whenever you build a unit you may also build one more army, paying its population. Not with a free "
     "build (Mercenaries, Pressgangs, Trained Natives)."), ""),
    ("R-TIL-8", N_("Logistics"),
     N_("Your move actions move up to 3 units instead of 2."), ""),
    ("R-TIL-9", N_("Banking"),
     N_("You borrow in lots of 3 gold instead of 2: the same unrest buys more gold (R-GEN-5)."),
     N_("Short of 5 gold: without Banking you borrow three lots (6 gold, 3 unrest); with it, two lots (6 gold, "
     "2 unrest).")),
    ("R-TIL-10", N_("Navigation"),
     N_("+2 to the second sea roll (the one after a 1): your units are never lost at sea, and arrive on a 3 or "
     "more (R-MOV-5)."), ""),
    ("R-TIL-11", N_("Diplomatic Service"),
     N_("Once per war, as a free action, take an alliance tile from the stock, paying its cost."), ""),
    ("R-TIL-12", N_("Improved Agriculture"),
     N_("Once per war, as a free action, +1 population (never above 9)."), ""),
    ("R-TIL-13", N_("Government Reform"),
     N_("When you take it, 2 of your unrest are removed (never below 0)."), ""),
    ("R-TIL-14", N_("Industry"),
     N_("When you take it you gain 3 VP, and take its unrest cost."), ""),
    ("R-TIL-15", N_("Trade tiles"),
     N_("Once per war, as a free action, gain 1 gold for each control marker you have in the tile's area. East "
     "Indies Trade and Levant Trade each name two areas: you pick one each time."),
     N_("With 3 control markers in the Caribbean, Sugar gives you 3 gold.")),
    ("R-TIL-16", N_("Alliance tiles"),
     N_("Each adds an army or a fleet to your side in battles in its area or areas (R-CMB-10). They cost gold "
     "like other tiles and go back to the stock at the end of every war."), ""),
    ("R-TIL-17", N_("Pirates"),
     N_("Bought and played at once in a colony, against one control marker there (anyone's, an ally's too). The "
     "pirates, strength 1, fight a sea battle against that owner's fleets there, with no allies. If they "
     "win, the marker sits on the tile and gives no income and no VP. Anyone may then attack the tile at sea "
     "as a neutral of strength 1: the winner takes the marker as its own and the tile goes back to the "
     "stock. If the pirates lose their first battle, the tile goes back."),
     N_("Pirates name a British marker in the Caribbean, where Great Britain has no fleet: strength 0 plus its "
     "dice against 1 plus the pirates' dice. If the pirates win, the marker sits on the tile until someone "
     "beats them at sea.")),
    ("R-TIL-18", N_("Slave Revolt"),
     N_("Like Pirates, but a land battle of strength 3 against the owner's armies there, only in North America, "
     "South America or the Caribbean; the owner adds naval support if it has a fleet there."), ""),
    ("R-TIL-19", N_("Fighting Withdrawal"),
     N_("As defender, after the dice: you and your allies lose no units in this battle, but you still lose the "
     "marker if beaten. Then it goes back to the stock."), ""),
    ("R-TIL-20", N_("Surprise Attack"),
     N_("As attacker: the defender's allies may not help (its alliance tiles still work). Then it goes back to "
     "the stock."), ""),
    ("R-TIL-21", N_("Blockade"),
     N_("One of two uses. (a) Put it under one of your fleets in a colony: a player not in your alliance may "
     "move an army there only with more fleets there than you; it goes back when you have no fleet left "
     "there, or at the war's end. (b) In one land battle your naval support is +2 instead of +1 (said before "
     "the dice); then it goes back to the stock."), ""),
)
