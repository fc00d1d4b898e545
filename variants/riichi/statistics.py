"""The riichi family's names for its facts of play: riichi declarations, wins by han and fu, yaku, and the
Tenhou Phoenix reference (``reference/phoenix.toml``)."""

from __future__ import annotations

from importlib import resources

from mjsim.play.terms import PlayTerms, Reference, WinFacts, load_reference
from variants.riichi.vocabulary import RIICHI

TSUMO_SHARE = 0.43
"""The share of wins by tsumo among Tenhou Phoenix players, as issue 15 states it (bots: 25 %), and as the shared
4-player logs give it (phoenix.toml's ``tsumo``: .431, 191 of 443 wins, counted by ``mjsim stats``): what the
players assume of how a win comes."""
LIMIT_HAN = 13
"""Wins of 13 han or more (counted yakuman) and yakuman share one group, "13+", as the reference counts them."""
FU_MAX_HAN = 4
"""The fu distribution counts wins of at most 4 han, as the reference does (fu no longer matters above)."""


def han_group(win: WinFacts) -> str:
    """The han group of a win: "1" ... "12", or "13+" for 13 han and any yakuman."""
    return f"{LIMIT_HAN}+" if win["yakuman"] or win["han"] >= LIMIT_HAN else str(win["han"])


def fu_group(win: WinFacts) -> str | None:
    """The fu of a win of at most 4 han (None for larger wins and yakuman)."""
    return str(win["fu"]) if not win["yakuman"] and win["han"] <= FU_MAX_HAN else None


def phoenix() -> Reference:
    """Real Tenhou Phoenix-room play (``../shared/validation/stats.md``)."""
    return load_reference(resources.files("variants.riichi") / "reference" / "phoenix.toml")


TERMS = PlayTerms(
    declaration=("riichi", RIICHI),
    groups={"han": han_group, "fu": fu_group},
    patterns="yaku",
    reference=phoenix,
)
