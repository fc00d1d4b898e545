"""Money (the seeds' stakes): the settled result in money at a 風速, with chips at their own price.

S001 4play: "点ピン、ウマ1-2、チップ500" (1,000 points = 100, a chip = 500); S004 fl8: "風速0.5、1チップ＝2ポイント
分" (half of 点ピン, a chip worth 2 result points, which ``chips.value`` already adds to the payout). ``money`` per
seat = 100 x 風速 x (payout, else results) + chips x ``riichi.money_per_chip``; a rule set at 風速 0 and no chip
price has no money.
"""

from __future__ import annotations

from variants.riichi import options as opt

PER_THOUSAND_AT_PIN = 100  # 点ピン: 100 in money for each 1,000 points (one result point)
CHIPS = "chips"  # the side currency the chips variant keeps


def with_money(game, final: dict) -> dict:
    """``final`` with ``money`` (and the stakes that made it), when the rule set has a stake or a chip price."""
    fusoku, per_chip = game.rules[opt.FUSOKU], game.rules[opt.MONEY_PER_CHIP]
    results = final.get("payout", final.get("results"))
    if results is None or not (fusoku or per_chip):
        return final
    chips = game.side.get(CHIPS, [0] * len(results))
    money = [round(PER_THOUSAND_AT_PIN * fusoku * r + per_chip * c, 2) for r, c in zip(results, chips, strict=True)]
    return {**final, "money": money, "stakes": {"fusoku": fusoku, "per_chip": per_chip}}
