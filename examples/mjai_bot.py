"""An mjai bot on stdin/stdout playing the efficiency policy: the template for wrapping any bot.

mjsim seats it with ``--agents mjai:"python examples/mjai_bot.py"``. It reads one mjai event a line and writes
one answer a line (``{"type":"none"}`` when nothing is asked). It follows its own hand from the events and
takes the legal actions mjsim lists in ``possible_actions`` (a win, riichi, a value-tile pon); it discards
for speed (fewest shanten, then most tiles that help). To wrap another bot, keep the loop and replace
:func:`answer`.
"""

from __future__ import annotations

import json
import sys

from mjsim.hand.shanten import improving_kinds, shanten

NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + ["E", "S", "W", "N", "P", "F", "C"]
KIND = {name: kind for kind, name in enumerate(NAMES)}
VALUE_HONOURS = {"P", "F", "C"}
NONE = {"type": "none"}


def kind(name: str) -> int:
    """The tile kind (0..33) of an mjai name (``5mr`` is a five)."""
    return KIND[name[:2] if name.endswith("r") else name]


class Player:
    """What the bot knows: its seat, its concealed tiles (mjai names), the tiles seen, whether it declared."""

    def __init__(self) -> None:
        self.seat, self.hand, self.seen, self.reached = 0, [], [0] * 34, False
        self.winds = ("E", "E")  # (round wind, seat wind)

    def see(self, name: str) -> None:
        if name != "?":
            self.seen[kind(name)] += 1

    def follow(self, e: dict) -> None:
        """Update the state for an event."""
        t, me = e["type"], e.get("actor") == self.seat
        if t == "start_game":
            self.seat = e["id"]
        elif t == "start_kyoku":
            self.hand, self.seen, self.reached = list(e["tehais"][self.seat]), [0] * 34, False
            self.winds = (e["bakaze"], "ESWN"[(self.seat - e["oya"]) % 4])
            for name in [*self.hand, e["dora_marker"]]:
                self.see(name)
        elif t == "tsumo" and me:
            self.hand.append(e["pai"])
            self.see(e["pai"])
        elif t == "dahai":
            self.hand.remove(e["pai"]) if me else self.see(e["pai"])
        elif t in ("chi", "pon", "daiminkan", "ankan", "kakan") and me:
            for name in e.get("consumed", []) if t != "kakan" else [e["pai"]]:
                self.hand.remove(name)
        elif t in ("chi", "pon", "daiminkan", "ankan", "kakan"):
            for name in e.get("consumed", []) if t != "kakan" else [e["pai"]]:
                self.see(name)
        elif t == "reach" and me:
            self.reached = True
        elif t == "dora":
            self.see(e["dora_marker"])

    def counts(self) -> list[int]:
        out = [0] * 34
        for name in self.hand:
            out[kind(name)] += 1
        return out

    def best_discard(self, forbidden=()) -> str:
        """The discard that keeps the hand fastest: fewest shanten, then most unseen tiles that help."""
        counts = self.counts()
        names = sorted(set(self.hand) - set(forbidden)) or sorted(set(self.hand))
        after = {name: self._measure(counts, name, shanten) for name in names}
        best = min(after.values())
        scored = []
        for name in (n for n in names if after[n] == best):  # tiles that help: measured for the fastest only
            left = self._measure(counts, name, lambda c: self._unseen(c, improving_kinds(c, best)[1]))
            honour = kind(name) >= 27 or kind(name) % 9 in (0, 8)
            scored.append((-left, not honour, name.endswith("r"), name))
        return min(scored)[-1]

    def _unseen(self, counts: list[int], kinds: list[int]) -> int:
        return sum(max(0, 4 - self.seen[k]) for k in kinds)  # seen counts its own tiles too

    @staticmethod
    def _measure(counts: list[int], name: str, measure):
        """``measure`` of the hand without one ``name`` (``counts`` restored)."""
        counts[kind(name)] -= 1
        try:
            return measure(counts)
        finally:
            counts[kind(name)] += 1


def answer(player: Player, e: dict) -> dict:
    """The answer to one event (after the player followed it)."""
    t, me, possible = e["type"], e.get("actor") == player.seat, e.get("possible_actions") or []
    kinds = {a["type"]: a for a in possible}
    if "hora" in kinds:
        return kinds["hora"]
    if t == "tsumo" and me:
        if player.reached:
            return {"type": "dahai", "actor": player.seat, "pai": e["pai"], "tsumogiri": True}
        if "reach" in kinds:
            return kinds["reach"]
        return discard(player, e["pai"])
    if t in ("chi", "pon", "reach") and me:
        return discard(player, None, e.get("cannot_dahai") or ())
    for call in possible:  # a value honour (dragons, the winds of the seat and the round): pon it
        if call["type"] == "pon" and call["pai"] in VALUE_HONOURS | set(player.winds):
            return call
    return NONE


def discard(player: Player, drawn: str | None, forbidden=()) -> dict:
    name = player.best_discard(forbidden)
    return {
        "type": "dahai",
        "actor": player.seat,
        "pai": name,
        "tsumogiri": name == drawn and player.hand.count(name) == 1,
    }


def main() -> None:
    """One answer per event line, until the input ends (or ``end_game``)."""
    player = Player()
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        event = json.loads(line)
        player.follow(event)
        out.write(json.dumps(answer(player, event)) + "\n")
        if event["type"] == "end_game":
            break
        out.flush()


if __name__ == "__main__":
    main()
