"""An mjai bot on stdin/stdout playing a lean efficiency policy: the template for wrapping any bot.

mjsim seats it with ``--agents mjai:"python examples/mjai_bot.py"`` (``mjai:"seats=shared python ..."``: one
process for every seat). It reads one mjai event a line and writes one answer a line (``{"type":"none"}``
when nothing is asked). It follows its own hand from the
events and takes the legal actions mjsim lists in ``possible_actions`` (a win, riichi, a value-tile pon);
it discards for speed: fewest shanten, then the most unseen tiles that help, honours and terminals first.
It imports nothing but the standard library, so that it starts fast (mjsim starts it for every game;
``python -I -S`` skips the site-packages too).
To wrap another bot, keep :func:`main` and replace :func:`answer`.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from functools import cache
from operator import add, itemgetter

NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + ["E", "S", "W", "N", "P", "F", "C"]
KIND = {name: kind for kind, name in enumerate(NAMES)} | {"5mr": 4, "5pr": 13, "5sr": 22}
YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_orphans = itemgetter(*YAOCHU)  # a hand's counts of the terminals and honours
NONE = {"type": "none"}
NONE_LINE = '{"type":"none"}\n'  # the usual answer, written without encoding it


NEAR = [(k,) if k >= 27 else tuple(j for j in range(k - 2, k + 3) if 0 <= j and j // 9 == k // 9) for k in range(34)]
"""The kinds a tile can make a set or a partial set with: itself and, in its suit, two either side."""
GROUPS = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))  # man, pin, sou, honours
_EMPTY = ((0, 0, 0, 0, 0), (-99, -99, -99, -99, -99))


@cache
def _values(counts: bytes, honours: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A group's best 2 x sets + partial sets using at most k blocks (k = 0..4), without a pair and with one.

    ``counts`` has no zeros at either end (see :func:`values`). Its first tile is a set, a partial set, the
    pair or left alone; the rest of the group is the same question again (memoised: groups repeat).
    """
    if not counts:
        return _EMPTY
    none, pair = [-99] * 5, [-99] * 5

    def take(used: tuple[int, ...], gain: int, blocks: int, head: bool = False) -> None:
        """Use ``used`` as one block worth ``gain`` (or as the pair), the rest of the group as best it goes."""
        rest = bytearray(counts)
        for j in used:
            rest[j] -= 1
        r0, r1 = _values(bytes(rest).strip(b"\0"), honours)
        for k in range(blocks, 5):
            if head:
                pair[k] = max(pair[k], r0[k])
            else:
                none[k] = max(none[k], r0[k - blocks] + gain)
                pair[k] = max(pair[k], r1[k - blocks] + gain)

    suited, size = not honours, len(counts)
    if counts[0] >= 3:
        take((0, 0, 0), 2, 1)
    if counts[0] >= 2:
        take((0, 0), 1, 1)
        take((0, 0), 0, 0, head=True)
    if suited and size >= 3 and counts[1] and counts[2]:
        take((0, 1, 2), 2, 1)
    if suited and size >= 2 and counts[1]:
        take((0, 1), 1, 1)
    if suited and size >= 3 and counts[2]:
        take((0, 2), 1, 1)
    take((0,), 0, 0)
    return tuple(none), tuple(pair)


def values(counts: list[int], group: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The values of one group (0 man .. 3 honours) of a hand's counts; zeros at the ends change nothing."""
    a, b, honours = GROUPS[group]
    return _values(bytes(counts[a:b]).strip(b"\0"), honours)


@cache
def _merge(va, vb) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The values of two groups together (memoised: the same groups meet again and again)."""
    (a0, a1), (b0, b1) = va, vb
    none, pair = [-99] * 5, [-99] * 5
    for k in range(5):
        for i in range(k + 1):
            j = k - i
            none[k] = max(none[k], a0[i] + b0[j])
            pair[k] = max(pair[k], a0[i] + b1[j], a1[i] + b0[j])
    return tuple(none), tuple(pair)


@cache
def _rest(va, vb) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two values merged as the rest of a hand: its best if the changed group has no pair, and if it has it."""
    r0, r1 = _merge(va, vb)
    return tuple(max(r0[j], r1[j] + 1) for j in range(5)), tuple(r + 1 for r in r0)


class Shanten:
    """Shanten of a hand and of the hand with one kind changed: the other three groups are merged once."""

    def __init__(self, counts: list[int]) -> None:
        man, pin, sou, honours = (values(counts, group) for group in range(4))
        suits, others = _merge(man, pin), _merge(sou, honours)
        self.rest = (_rest(pin, others), _rest(man, others), _rest(suits, honours), _rest(suits, sou))
        # what seven pairs and thirteen orphans count, kept for this hand and adjusted for the changed kind
        self.counts, key, orphans = list(counts), bytes(counts), _orphans(counts)
        self.kinds, self.singles = 34 - key.count(0), key.count(1)
        self.orphan_kinds, self.orphan_pairs = 13 - orphans.count(0), 13 - orphans.count(0) - orphans.count(1)

    def of(self, counts: list[int], kind: int) -> int:
        """Shanten of ``counts``, which differ from this hand in the count of ``kind`` at most."""
        group = min(kind // 9, 3)  # 0 man .. 3 honours
        (m0, m1), (if_none, if_pair), need = values(counts, group), self.rest[group], sum(counts) // 3
        # the best over splitting the ``need`` blocks: i in this group, need - i in the rest
        best = 2 * need - max(*map(add, m0, if_none[need::-1]), *map(add, m1, if_pair[need::-1]))
        if need == 4 and best >= 0:  # seven pairs and thirteen orphans: closed hands only
            was, now = self.counts[kind], counts[kind]
            kinds = self.kinds + (now > 0) - (was > 0)
            pairs = kinds - self.singles - (now == 1) + (was == 1)
            orphan_kinds, orphan_pairs = self.orphan_kinds, self.orphan_pairs
            if kind in YAOCHU:
                orphan_kinds += (now > 0) - (was > 0)
                orphan_pairs += (now >= 2) - (was >= 2)
            best = min(best, 6 - pairs + max(0, 7 - kinds), 13 - orphan_kinds - (orphan_pairs > 0))
        return best


def shanten(counts: list[int]) -> int:
    """Tiles from ready (-1: complete) of a hand of 3n+1 or 3n+2 tiles: standard, seven pairs, thirteen orphans."""
    return Shanten(counts).of(counts, 0)


class Player:
    """What the bot knows: its seat, its concealed tiles (mjai names), the tiles seen, whether it declared."""

    def __init__(self) -> None:
        self.seat, self.hand, self.seen, self.reached = 0, [], [0] * 34, False
        self.winds = ("E", "E")  # (round wind, seat wind): the honours worth a pon

    def see(self, name: str) -> None:
        """Count a tile this seat has seen (its own, or shown on the table)."""
        if name != "?":
            self.seen[KIND[name]] += 1

    def follow(self, e: dict) -> None:
        """Update what the bot knows for one event."""
        t, mine = e["type"], e.get("actor") == self.seat
        if t == "start_game":
            self.seat = e["id"]
        elif t == "start_kyoku":
            self.hand, self.seen, self.reached = list(e["tehais"][self.seat]), [0] * 34, False
            self.winds = (e["bakaze"], "ESWN"[(self.seat - e["oya"]) % 4])
            for name in [*self.hand, e["dora_marker"]]:
                self.see(name)
        elif t == "tsumo" and mine:
            self.hand.append(e["pai"])
            self.see(e["pai"])
        elif t == "dahai":
            self.hand.remove(e["pai"]) if mine else self.see(e["pai"])
        elif t in ("chi", "pon", "daiminkan", "ankan", "kakan"):
            used = [e["pai"]] if t == "kakan" else e.get("consumed", [])
            for name in used:
                self.hand.remove(name) if mine else self.see(name)
        elif t == "reach" and mine:
            self.reached = True
        elif t == "dora":
            self.see(e["dora_marker"])

    def best_discard(self, forbidden=()) -> str:
        """The discard that keeps the hand fastest: fewest shanten, most unseen tiles that help, honours first."""
        counts = [0] * 34
        for name in self.hand:
            counts[KIND[name]] += 1
        names = sorted(set(self.hand) - set(forbidden)) or sorted(set(self.hand))
        whole, after = Shanten(counts), {}
        for name in names:
            counts[KIND[name]] -= 1
            after[name] = whole.of(counts, KIND[name])
            counts[KIND[name]] += 1
        best = min(after.values())
        tied = [n for n in names if after[n] == best]
        weigh = 1 < len(tied) <= 4 and best <= 1  # tiles that help: weighed near ready, between a few only
        return min(tied, key=lambda n: (-self.helping(counts, n, best) if weigh else 0, _keep(n), n))

    def helping(self, counts: list[int], name: str, now: int) -> int:
        """Unseen tiles that would bring the hand without ``name`` closer (neighbours of its tiles only)."""
        counts[KIND[name]] -= 1
        without = Shanten(counts)
        near: set[int] = set()
        for k, c in enumerate(counts):
            if c:
                near.update(NEAR[k])
        total = 0
        for k in near:
            if counts[k] < 4:
                counts[k] += 1
                if without.of(counts, k) < now:
                    total += max(0, 4 - self.seen[k])
                counts[k] -= 1
        counts[KIND[name]] += 1
        return total


def _keep(name: str) -> int:
    """Tie-break: let go of honours, then terminals, then the rest; red fives last."""
    k = KIND[name]
    return 0 if k >= 27 else 1 if k % 9 in (0, 8) else 3 if name.endswith("r") else 2


def answer(player: Player, e: dict) -> dict:
    """The answer to one event (after the player followed it)."""
    t, mine, possible = e["type"], e.get("actor") == player.seat, e.get("possible_actions") or []
    kinds = {a["type"]: a for a in possible}
    if "hora" in kinds:
        return kinds["hora"]
    if t == "tsumo" and mine:
        if player.reached:
            return {"type": "dahai", "actor": player.seat, "pai": e["pai"], "tsumogiri": True}
        if "reach" in kinds:
            return kinds["reach"]
        return discard(player, e["pai"])
    if t in ("chi", "pon", "reach") and mine:
        return discard(player, None, e.get("cannot_dahai") or ())
    for call in possible:  # a value honour (dragons, the winds of the seat and the round): pon it
        if call["type"] == "pon" and call["pai"] in {"P", "F", "C", *player.winds}:
            return call
    return NONE


def discard(player: Player, drawn: str | None, forbidden=()) -> dict:
    """The dahai of the best discard (``tsumogiri`` when it is the tile just drawn)."""
    name = player.best_discard(forbidden)
    tsumogiri = name == drawn and player.hand.count(name) == 1
    return {"type": "dahai", "actor": player.seat, "pai": name, "tsumogiri": tsumogiri}


def main() -> None:
    """One answer per event line until the input ends.

    Lines are read as they come, in chunks, and the answers to a chunk's lines written in one go: mjsim sends
    all the events since a decision at once, so one read and one write serve them all.
    """
    players: defaultdict[int | None, Player] = defaultdict(Player)  # under seats=shared each line names its "seat"
    rest = b""
    while chunk := os.read(0, 1 << 16):
        *lines, rest = (rest + chunk).split(b"\n")
        answers = []
        for line in lines:
            if line.strip():
                event = json.loads(line.decode())
                player = players[event.pop("seat", None)]
                player.follow(event)
                reply = answer(player, event)
                answers.append(NONE_LINE if reply is NONE else json.dumps(reply, separators=(",", ":")) + "\n")
        data = "".join(answers).encode()
        while data:
            data = data[os.write(1, data) :]


if __name__ == "__main__":
    main()
