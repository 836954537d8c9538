"""The rule cards of combat (R-CMB), in a player's words, with the rulebook's worked battle:
each entry is (rule id, title, summary, worked example or ""). :mod:`.rulebook` serves
them."""

from __future__ import annotations

from game.client.words.lang import N_

Entry = tuple[str, str, str, str]

BATTLE_EXAMPLE = (
    N_("From the rulebook: Spain attacks Great Britain in North America and pays 2 gold. Spain has 2 fleets and "
    "2 armies there, more Army Training than Great Britain and the Native Americans alliance tile; Great "
    "Britain has 1 fleet and 1 army, and its ally Austria 1 fleet and 1 army. Asked for help, Austria sends "
    "its army but not its fleet. Spain offers a sea battle; Great Britain declines, so Spain has naval "
    "support. Spain rolls 2 and 5: 3 + 2 armies + 1 naval support + 1 training + 1 alliance tile = 8. Great "
    "Britain rolls 1 and 6: 5 + 2 armies (its own and Austria's) = 7. Spain wins, so Great Britain loses a "
    "unit. Both sides rolled a 7: Spain loses a unit too, and Great Britain's extra loss falls on Austria, "
    "who helped. Spain, Great Britain and Austria each take 1 unrest, and a Spanish control marker replaces "
    "a British one in North America."))

ENTRIES: tuple[Entry, ...] = (
    ("R-CMB-1", N_("Declaring an attack"),
     N_("Pay 2 gold first (borrowing if short, R-GEN-5), then choose an area and a target there: another player "
     "who is not your ally and has a unit or a control marker there, or one neutral counter."), ""),
    ("R-CMB-2", N_("Land or naval attack"),
     N_("A land attack needs at least one army of yours in the area. With only fleets there you may make a "
     "naval attack instead: a sea battle alone, which can only sink the defender's fleets."), ""),
    ("R-CMB-3", N_("The naval phase"),
     N_("In the colonies, the Baltic, the Mediterranean and the Ottoman Empire (fought with the fleets in the "
     "Mediterranean) a sea battle may come first, for naval support on land. The attacker says whether to "
     "fight at sea. If not, the defender has naval support if it has a fleet there. If so, the defender may "
     "decline and hand the attacker the support; otherwise the sea battle is fought and its winner has it (a "
     "tie: nobody). Only a side with fleets there can fight at sea; if just one side has any, that side has "
     "the support. There is none in the German States or Central Europe."),
     N_("In the rulebook's battle Spain, with 2 fleets in North America, offers a sea battle; Great Britain "
     "declines it, so Spain adds 1 for naval support in the land battle.")),
    ("R-CMB-4", N_("Strength"),
     N_("Each army (on land) or fleet (at sea) counts 1; a fort counts 2, only when defending on land. +1 to the "
     "side holding more Army Training (land) or Naval Training (sea) than the other, if it has a unit of its "
     "own in the battle. +1 for naval support (+2 with Blockade). Each alliance tile adds one army or fleet "
     "(R-CMB-10), and allies add their units (R-CMB-9)."),
     N_("In the rulebook's battle, before the dice: Spain 2 armies + 1 naval support + 1 Army Training + 1 "
     "Native Americans tile = 5; Great Britain 1 army + Austria's army = 2. Austria's own Army Training "
     "does not count for Great Britain.")),
    ("R-CMB-5", N_("The dice"),
     N_("Each side rolls two dice and adds their difference to its strength. The higher total wins."),
     BATTLE_EXAMPLE),
    ("R-CMB-6", N_("Losses and the marker"),
     N_("The loser loses one unit (its owner picks which; forts only on land). After a sea battle, the winner "
     "has naval support in the land battle. If the attacker wins the land battle, one of the defender's "
     "control markers there is replaced by the attacker's (none if the defender has none there)."),
     N_("Spain beats Great Britain in North America: Great Britain loses a unit, and one British control marker "
     "there becomes Spanish.")),
    ("R-CMB-7", N_("Rolling a 7"),
     N_("A side whose two dice add up to 7 loses one more unit, win or lose. If an ally helped that side, the "
     "ally takes that extra loss (with several allies, the player who rolled picks which)."),
     N_("Spain rolls 2 and 5 and wins, but still loses a unit for the 7. Great Britain rolls 1 and 6: besides "
     "the unit it loses for losing, the 7 costs one more, taken by Austria, who helped.")),
    ("R-CMB-8", N_("Ties"),
     N_("On a tie both sides lose one unit and the defender keeps its marker. A fort is never lost on a tie. A "
     "tie against a neutral: only the attacker loses a unit, and the counter stays. A tie at sea gives "
     "nobody naval support."), ""),
    ("R-CMB-9", N_("Help from allies"),
     N_("After the attack is paid and before the dice, the attacker asks its allies, then the defender asks its "
     "own. An ally may add any of its armies and fleets in that area, as many as it chooses, never forts and "
     "never its tiles, and gains nothing. The player asking may offer gold, paid only if the ally helps. "
     "Neutrals get no help, and Surprise Attack keeps the defender's allies out."),
     N_("In the rulebook's battle Austria, Great Britain's ally, has a fleet and an army in North America: asked, "
     "it helps with its army only, so Great Britain counts 2 armies.")),
    ("R-CMB-10", N_("Alliance tiles in battle"),
     N_("Your own alliance tiles (not an ally's) each add one army or fleet, as the tile shows, in battles in "
     "the tile's area or areas. A tile showing both is used as one or the other in an attack, chosen after "
     "the allies answer and before the dice. They do not count for training and cannot be lost."),
     N_("Spain's Native Americans tile adds 1 to its land strength in North America.")),
    ("R-CMB-11", N_("Unrest for losses"),
     N_("Each unit lost costs its owner 1 unrest. A defender with no units there defends with strength 0 plus "
     "its dice; if beaten it loses the marker but no unit and no unrest."),
     N_("After the rulebook's battle Spain, Great Britain and Austria have each lost one unit, so each takes 1 "
     "unrest.")),
    ("R-CMB-12", N_("Attacking a neutral"),
     N_("A neutral counter's strength is its printed value, and its dice are rolled for it. There is no sea "
     "battle: you have naval support if you have a fleet of your own there. Win, and the counter leaves the "
     "game, your control marker takes its space, the bank pays you any gold printed on it and a VP square "
     "gives you 1 VP."),
     N_("Cuba (strength 3, 1 gold) in the Caribbean, where you have 2 armies and a fleet: 2 + 1 naval support = "
     "3. You roll 6 and 2: 4 + 3 = 7. Cuba rolls 5 and 4: 1 + 3 = 4. You win: your marker replaces Cuba and you "
     "take 1 gold.")),
    ("R-CMB-13", N_("Never an ally"),
     N_("You may never attack a player in your own alliance this war."), ""),
)
