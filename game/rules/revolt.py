"""Pirates and Slave Revolt (R-TIL-17, R-TIL-18): bought and played at once against a
control marker's owner in a colony; a won battle captures the marker on the tile.
Attacking the tile later is an ordinary attack (:mod:`game.rules.combat`).
"""

from __future__ import annotations

from game.rules.battle import new_battle
from game.rules.common import (
    ARMY,
    FLEET,
    FORT,
    Log,
    aname,
    board,
    owns,
    spend_one_use,
)
from game.rules.core import C, Choice, Pending, State
from game.rules.errors import Refusal, refusal
from game.rules.phase import Frame, Phase, decide


# --------------------------------------------------------------------------- Pirates and Slave Revolt
def revolt_targets(st: State, seat: int, tile: str, first: bool = False) -> list[Choice]:
    """R-TIL-17/18: a colony (Americas for Slave Revolt) and another player's marker there
    (only the first such target when ``first``)."""
    b = board(st)
    out = []
    americas_only = tile == "slave_revolt"
    for area in b.t.colonies:
        if americas_only and not b.area_by_id[area].americas:
            continue
        here = st.markers[area]
        for p in range(st.n):
            if p != seat and here[p] > 0:
                out.append(C("revolt", area, st.powers[p]))
                if first:
                    return out
    return out


class Revolt(Phase):
    """Pirates (a naval battle of strength 1) or Slave Revolt (a land battle of strength 3)
    against one control marker's owner, played at once when bought."""

    name = "revolt"

    def pending(self, st: State, fr: Frame) -> Pending | None:
        if fr["stage"] == "target":
            return decide(st, "revolt", fr["seat"], lambda b, d: f"{b.power_name(d['power'])}: choose the colony and "
                          f"the control marker for the {b.tile_name(d['tile'])}",
                          {"key": "revolt", "rule": "R-TIL-17" if fr["tile"] == "pirates" else "R-TIL-18",
                           "power": st.powers[fr["seat"]], "tile": fr["tile"]})
        if fr["stage"] == "blockade":
            owner = fr["owner"]
            return decide(st, "blockade", owner,
                          lambda b, d: f"{b.power_name(d['power'])}: use Blockade for +2 naval support?",
                          {"key": "blockade", "rule": "R-TIL-21", "power": st.powers[owner]})
        return None

    def waits(self, st: State, fr: Frame) -> bool:
        return fr["stage"] in ("target", "blockade")

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        if fr["stage"] == "blockade":
            return [C("blockade"), C("no_blockade")]
        return revolt_targets(st, fr["seat"], fr["tile"])

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        """R-TIL-17/18: why a target of the tile is refused."""
        if fr["stage"] != "target" or choice.kind != "revolt":
            return None
        tile = fr["tile"]
        if tile == "pirates":
            return refusal("the Pirates strike another player's control marker in a colony", "R-TIL-17",
                           "revolt.target", tile=tile)
        return refusal("a Slave Revolt strikes another player's control marker in North America, South America or "
                       "the Caribbean", "R-TIL-18", "revolt.target", tile=tile)

    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        if choice.kind in ("blockade", "no_blockade"):  # R-TIL-21 (b) against a Slave Revolt
            if choice.kind == "blockade":
                spend_one_use(st, fr["owner"], "blockade")
                fr["blockade"] = 1
                log.add("blockade_support", lambda b, d: f"{b.power_name(d['power'])} uses Blockade: naval support +2",
                        power=st.powers[fr["owner"]])
            self._fight(st, fr, log)
            return
        area, power = (str(x) for x in choice.args)
        owner = st.powers.index(power)
        tile = fr["tile"]
        fr.update({"area": area, "owner": owner, "stage": "outcome", "blockade": 0})
        log.add("revolt", lambda b, d: f"The {b.tile_name(d['tile'])} "
                f"{'strike' if d['tile'] == 'pirates' else 'strikes'} {b.power_name(d['power'])} in "
                f"{b.area_name(d['area'])}",
                tile=tile, area=area, power=power)
        if tile == "slave_revolt" and st.units[area][owner][FLEET] > 0 and owns(st, owner, "blockade"):
            fr["stage"] = "blockade"
            return
        self._fight(st, fr, log)

    def _fight(self, st: State, fr: Frame, log: Log) -> None:
        """The tile's battle against the owner alone (ruling: training, naval support); it is
        fought "in the usual way" (000), so the owner's alliance tiles count (R-CMB-10)."""
        b = board(st)
        area, owner, tile = fr["area"], fr["owner"], fr["tile"]
        fr["stage"] = "outcome"
        sea = tile == "pirates"
        here = st.units[area][owner]
        own = [owner, 0, here[FLEET], 0] if sea else [owner, here[ARMY], 0, here[FORT]]
        s = own[2] if sea else own[1] + b.c("fort_strength") * own[3]
        training = "naval_training" if sea else "army_training"
        if (own[2] if sea else own[1] + own[3]) > 0 and owns(st, owner, training) > 0:
            s += b.c("training_bonus")
        if not sea and here[FLEET] > 0:
            s += b.c("naval_support_blockade") if fr["blockade"] else b.c("naval_support")
        unit = "fleet" if sea else "army"
        for t in b.tiles:
            if t.family == "alliance" and owns(st, owner, t.id) and area in t.areas and unit in t.units:
                s += 1
                log.add("alliance_tile", lambda b, d: f"{b.power_name(d['power'])}'s {b.tile_name(d['tile'])} adds one "
                        f"{d['unit']}",
                        power=st.powers[owner], tile=t.id, unit=unit)
        label = f"{'naval battle' if sea else 'battle'} in {aname(st, area)}"
        battle = new_battle(st, sea, area, [-1, owner], [b.c(f"{tile}_strength"), s], [[], [own]], label)
        battle["seven"] = b.c("seven")
        battle["neutral_name"] = f"the {b.tile_name(tile)}"
        st.stack.append(battle)

    def auto(self, st: State, fr: Frame, log: Log) -> None:
        tile, area, owner = fr["tile"], fr["area"], fr["owner"]
        st.stack.pop()
        if fr.get("result") == "att":
            st.markers[area][owner] -= 1
            st.captured.append([area, tile, owner])
            # "the Pirates capture", "the Slave Revolt captures"
            log.add("marker_captured", lambda b, d: f"The {b.tile_name(d['tile'])} "
                    f"{'capture' if d['tile'] == 'pirates' else 'captures'} {b.power_name(d['power'])}'s control "
                    f"marker in {b.area_name(d['area'])}", tile=tile, area=area, power=st.powers[owner])
        else:
            st.stock[tile] += 1
            log.add("revolt_failed", lambda b, d: f"The {b.tile_name(d['tile'])} "
                    f"{'fail' if d['tile'] == 'pirates' else 'fails'}; the tile returns to the stock", tile=tile,
                    area=area)


__all__ = ["Revolt", "revolt_targets"]
