"""The rule cards of the game's frame, in a player's words: general rules (R-GEN), the map
(R-MAP), setting up (R-SET), a war's steps (R-WAR), alliances and play order (R-ALL),
income and upkeep (R-INC), victory points (R-VP), the end of a war (R-EOW) and of the game
(R-END). Each entry is (rule id, title, summary, worked example or ""); the ids are those
of the rules reference, the sentences are this project's own. :mod:`.rulebook` serves
them."""

from __future__ import annotations

from game.client.words.lang import N_

Entry = tuple[str, str, str, str]

AUCTION_EXAMPLE = (
    N_("From the rulebook: five players, war 2, seated Great Britain, France, Prussia, Austria, Spain. Great "
    "Britain took the last turn of war 1, so it opens: a bid of 0 with itself in box A and Prussia in box B. "
    "France passes. Prussia bids 1 with Austria in box A and France in box B. Austria, Spain, Great Britain "
    "and France pass, so Prussia wins and pays 1 gold. Austria takes space 1 of the track (top row) and plays "
    "first; France takes space 2 (bottom row) and plays second. France, to the left of Great Britain, opens "
    "the next auction."))

SCORING_EXAMPLE = (
    N_("From the rulebook: the German States score 8/5/3. Great Britain and France have 3 markers each there, "
    "Austria 2, Spain 1. Great Britain and France tie for first and score 8 each; Austria is next and scores "
    "5; Spain scores 3. Had Spain also had 2 markers, it would have tied Austria and scored 5 too."))

ENTRIES: tuple[Entry, ...] = (
    # ------------------------------------------------------------------ general
    ("R-GEN-1", N_("Players and powers"),
     N_("2 to 7 players, each playing a great power in its own colour: Great Britain (red), France (blue), "
     "Spain (yellow), Russia (green), Austria (white), Prussia (black) and the United Provinces (orange)."), ""),
    ("R-GEN-2", N_("Your pieces"),
     N_("Each power has 14 armies, 7 fleets, 2 forts and 23 control markers. What is not in your supply cannot "
     "be built or placed. With no control marker left you cannot colonise or enslave, and a battle you win "
     "takes away the defender's marker without putting one of yours there (a neutral counter stays)."), ""),
    ("R-GEN-3", N_("Wars, rounds and turns"),
     N_("The game lasts 3 wars. A war has 6 rounds with 2 to 4 players, 5 rounds with 5 to 7. In every round "
     "each player, in play order (R-ALL-6), takes 2 actions one after the other."), ""),
    ("R-GEN-4", N_("Gold"),
     N_("The bank never runs out, and you may always spend what you like, bids and offers to allies included: "
     "what you lack, you borrow (R-GEN-5). The one limit: a bid or an offer so high that paying it would "
     "take your unrest to 20 (a certain revolution, R-END-2) is refused."),
     N_("You hold 3 gold and 15 unrest, without Banking. You can borrow 4 more lots of 2 before your unrest "
     "reaches 19, so your highest bid is 3 + 8 = 11 gold.")),
    ("R-GEN-5", N_("Borrowing"),
     N_("Whenever you must pay more gold than you have, you borrow from the bank in lots of 2 gold (3 with "
     "Banking) until the cost is covered, taking 1 unrest per lot. You never borrow in advance, and you "
     "cannot hand gold back to lose unrest."),
     N_("An attack costs 2 gold and you have 1: you borrow one lot of 2, pay the 2, keep 1 gold and take 1 "
     "unrest. A tile costing 6 with 1 gold in hand: three lots (6 gold, 3 unrest), and 1 gold is left; with "
     "Banking two lots of 3 would do (2 unrest).")),
    ("R-GEN-6", N_("Unrest is hidden"),
     N_("Your unrest is secret: each player sees only their own until the game ends. It comes from borrowing "
     "(R-GEN-5), some tiles' costs (Industry), each unit you lose in battle (R-CMB-11) and disbanding a unit "
     "to rebuild it (R-ACT-B4). Government Reform removes 2. It counts at the end (R-END-2, R-END-3)."), ""),
    ("R-GEN-7", N_("Population"),
     N_("A track from 0 to 9 that starts at 5. A build and a colonisation cost 1 population each, and some "
     "tiles cost population too. It never goes above 9 or below 0, and population is never borrowed: "
     "without enough, the action is not open to you. It grows by 5 after each war's income (R-INC-3)."), ""),
    ("R-GEN-8", N_("Using tiles"),
     N_("Using a tile is a free action: not one of your two actions, and you may use any number in your turn, "
     "before, between or after your actions. A triangle tile works once per war (it stays turned until the "
     "war ends). Battle tiles (Reserve, Fighting Withdrawal, Surprise Attack, Blockade's +2, alliance tiles) "
     "are used inside the battles they apply to."), ""),
    # ------------------------------------------------------------------ the map
    ("R-MAP-1", N_("Areas"),
     N_("Seven home nations, one per power, worth no VP. Eleven areas score VP: six colonies (North America, "
     "South America, Caribbean, Africa, India, East Indies) and five in Europe (Baltic, Mediterranean, "
     "German States, Central Europe, Ottoman Empire)."), ""),
    ("R-MAP-2", N_("Sea areas"),
     N_("Fleets can only be in the six colonies, the Baltic, the Mediterranean and their own home nation: "
     "never in the German States, Central Europe or the Ottoman Empire."), ""),
    ("R-MAP-3", N_("Armies and forts"),
     N_("Every area can hold armies and forts; getting an army there follows the movement rules (R-MOV-3, "
     "R-MOV-4)."), ""),
    ("R-MAP-4", N_("The Americas and the far colonies"),
     N_("North America, South America and the Caribbean are linked: moving among these three needs no sea "
     "roll. Africa, India and the East Indies stand alone. Every other move into or out of a colony needs a "
     "sea roll (R-MOV-5)."),
     N_("A fleet from North America to the Caribbean: no roll. From North America to Africa, or from the Baltic "
     "to India: a sea roll.")),
    ("R-MAP-5", N_("VP values and spaces"),
     N_("Each VP area prints 2 or 3 VP values, for first, second and third place (R-VP-1), and has one space "
     "per nation counter of that area. The spaces cap the area: it can never hold more control markers than "
     "it has spaces."),
     N_("The Ottoman Empire has 4 spaces, so there are never more than 4 control markers there, whoever owns "
     "them.")),
    # ------------------------------------------------------------------ setting up
    ("R-SET-1", N_("Nation counters on the map"),
     N_("All 65 nation counters go in the bag; 10 are drawn and placed face up on their spaces on the map."), ""),
    ("R-SET-2", N_("The first player"),
     N_("A shared random draw picks the first player. The seating order is the order of the seats in the "
     "game."), ""),
    ("R-SET-3", N_("What each player starts with"),
     N_("Population 5, 10 gold, 0 VP and no unrest."), ""),
    ("R-SET-4", N_("Starting empires"),
     N_("After the 10 map counters, each player in turn, from the first player, draws 5 counters and puts one "
     "of their control markers on each counter's space, whatever the counter shows. Those counters leave "
     "the game."), ""),
    ("R-SET-5", N_("Starting units"),
     N_("From the first player, going round one unit at a time, each player places 5 units from supply: armies "
     "and forts in any of the 11 VP areas, fleets in any of the 8 sea VP areas. No movement rules apply and "
     "no control marker is needed."), ""),
    # ------------------------------------------------------------------ a war
    ("R-WAR-1", N_("A war's steps"),
     N_("Each war runs: new nation counters, alliances and play order (R-ALL-1), actions, income and upkeep "
     "(R-INC-1), victory points (R-VP-1), the end of the war (R-EOW-1). From war 2 on, 10 more counters (or "
     "all that remain) are drawn and placed face up; those already on the map stay."), ""),
    # ------------------------------------------------------------------ alliances
    ("R-ALL-1", N_("Alliances by auction"),
     N_("At the start of each war a series of auctions splits the players into two alliances. Each auction "
     "places up to two players not yet allied: the power in proposal box A goes to the first free space of "
     "the top row (alliance A), the power in box B to the first free space of the bottom row (alliance B)."),
     AUCTION_EXAMPLE),
    ("R-ALL-2", N_("Who opens an auction"),
     N_("In war 1 the first player opens the first auction; in wars 2 and 3, the player who took the last turn "
     "of the war before. Each next auction is opened by the player to the left of the last one's opener."),
     N_("Seated Great Britain, France, Prussia, Austria, Spain, with Great Britain last to play in war 1: Great "
     "Britain opens war 2's first auction, France the second, Prussia the third.")),
    ("R-ALL-3", N_("Bidding"),
     N_("Bids are in gold. The opener must bid 0 or more; then, in seating order, each player raises above the "
     "high bid or passes. A player who passed may bid again when their turn comes round. The auction ends "
     "when every other player has passed in a row after the high bid. Players already allied may still "
     "bid."), AUCTION_EXAMPLE),
    ("R-ALL-4", N_("The proposal"),
     N_("With every bid the bidder says what it wants: one unallied power in box A and a different unallied "
     "power in box B, itself or not. Only when one power is left unallied does a bid place just that one, "
     "in box A or B as the bidder chooses."),
     N_("Prussia bids 1 proposing Austria in box A and France in box B: if the bid wins, Austria joins "
     "alliance A and France alliance B, and Prussia stays unallied for a later auction.")),
    ("R-ALL-5", N_("Winning an auction"),
     N_("The high bidder pays its bid (borrowing if short, R-GEN-5) and its proposal goes on the track "
     "(R-ALL-1). Auctions go on until every player is on the track."), AUCTION_EXAMPLE),
    ("R-ALL-6", N_("Play order"),
     N_("You play in the order of the alliance track's spaces: space 1 is the top row's first, space 2 the "
     "bottom row's first, space 3 the top row's second, and so on, so the two alliances take turns."),
     N_("Prussia wins with Austria in box A and France in box B: Austria takes space 1 and plays first in each "
     "round, France space 2 and plays second.")),
    ("R-ALL-7", N_("Allies"),
     N_("Players in the same alliance are allies for this war: they cannot attack each other (R-CMB-13) and may "
     "help each other in battle (R-CMB-9)."), ""),
    # ------------------------------------------------------------------ income and upkeep
    ("R-INC-1", N_("Income"),
     N_("After the war's last round each player gains 1 gold per population point and 1 gold per control "
     "marker on the map (not those held on a Pirates or Slave Revolt tile)."),
     N_("Population 4 and 7 control markers: 4 + 7 = 11 gold.")),
    ("R-INC-2", N_("Upkeep"),
     N_("Then each player pays 1 gold for each of their units on the map: armies, fleets and forts, home "
     "nation included, borrowing if short (R-GEN-5). Units cannot be removed to save their upkeep."),
     N_("With the 11 gold of that income and 9 units on the map, you pay 9 and keep 2.")),
    ("R-INC-3", N_("Population grows"),
     N_("Then each player's population rises by 5, up to 9."),
     N_("From 2 it goes to 7; from 6, to 9 (not 11).")),
    # ------------------------------------------------------------------ victory points
    ("R-VP-1", N_("Scoring an area"),
     N_("In each VP area players are ranked by their control markers there (no marker, no score). The most "
     "markers takes the first VP value, the next count the second, and so on. Players tied share a rank and "
     "each scores its full value; the next lower count takes the next value. Values beyond the printed ones "
     "score 0."), SCORING_EXAMPLE),
    # ------------------------------------------------------------------ the end of a war
    ("R-EOW-1", N_("The end of a war"),
     N_("The war marker moves on and the round goes back to 1; tiles used this war are ready again; alliance "
     "tiles and a placed Blockade return to the stock; the alliance track is cleared, remembering who took "
     "the last turn (R-ALL-2)."), ""),
    # ------------------------------------------------------------------ the end of the game
    ("R-END-1", N_("Unrest revealed"),
     N_("After the third war's scoring every player reveals their unrest."), ""),
    ("R-END-2", N_("Revolution"),
     N_("A player with 20 or more unrest scores 0 VP: their country is in revolt."), ""),
    ("R-END-3", N_("Unrest penalties"),
     N_("Among the other players, the most unrest loses 7 VP and the second most 4 VP. Ties rank as VP do: "
     "all tied at the top lose 7, the next count loses 4. This holds even at 0 unrest, and a score may go "
     "below 0."),
     N_("Unrest 21, 9, 9, 5 and 2: the 21 is in revolution and scores 0; both 9s lose 7 VP; the 5 loses 4; "
     "the 2 loses nothing.")),
    ("R-END-4", N_("Who wins"),
     N_("Most VP wins. A tie goes to the one with less unrest, then more gold; still tied, the victory is "
     "shared."), ""),
)
