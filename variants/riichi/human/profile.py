"""The human player's parameters: one profile of numbers, each with where it came from.

Sources (docs/players.md has the long form):
[K] kobalab's Tenhou Phoenix statistics (../shared/validation/stats.md): rates the profile is tuned toward.
[D] published deal-in rates against a riichi (the figures in issue 15 and Riichi Book 1, D. Chiba, 2016):
    genbutsu 0, suji about 4 %, other tiles about 11 %, refined by tile rank the way those tables are laid out.
[P] push/fold rules of thumb of the same book and of 現代麻雀技術論 (ASAPIN/NAGA-style tables): a good
    ready hand pushes, a mangan one-shanten pushes early, a cheap or far hand folds against a riichi.
[H] hand-tuned in this repository toward [K] with 40-game runs of benchmarks/playstats_probe.py; the shipped
    profiles/phoenix.toml then fits some of them with `mjsim calibrate` (its command is in the file).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class Profile:
    """How the human player weighs speed, value and danger (every field is a tunable parameter)."""

    # --- danger of a discard against a riichi, by kind of tile [D] ---
    danger_nonsuji_19: float = 0.06
    danger_nonsuji_28: float = 0.085
    danger_nonsuji_37: float = 0.10
    danger_nonsuji_456: float = 0.125
    danger_suji_19: float = 0.02
    danger_suji_28: float = 0.035
    danger_suji_37: float = 0.05
    danger_half_suji_456: float = 0.075
    danger_double_suji_456: float = 0.025
    danger_honour_by_seen: tuple[float, float, float, float] = (0.08, 0.055, 0.02, 0.0)  # 0, 1, 2, 3 seen [D]
    no_chance_factor: float = 0.35  # both open-wait shapes impossible: only kanchan/penchan/tanki/shanpon [D]
    one_chance_factor: float = 0.7  # three of the wall tile seen [D]
    near_declare_factor: float = 1.2  # ±1,±2 of the declaring discard (matagi/suji-trap folklore) [P]
    dora_loss_factor: float = 1.4  # dealing in with a dora adds at least one han to the loss [P]
    # --- threats ---
    riichi_value: float = 6000.0  # mean riichi win, non-dealer (kobalab mean win 5,647 plus ura) [K]
    dealer_factor: float = 1.5  # a dealer's win is worth 1.5 times [rules]
    open_tenpai_by_melds: tuple[float, float, float, float, float] = (0.0, 0.05, 0.2, 0.45, 0.8)  # [H]
    open_value: float = 3500.0  # an open hand's value before its visible dora and yakuhai [H]
    late_open_tenpai: float = 0.1  # added to an open hand's tenpai chance in the last third of the wall [H]
    threat_min_ready: float = 0.3  # an open hand less likely ready than this is no threat (tenpai first) [H]
    # --- push/fold [P] ---
    others_win_per_turn: float = 0.05  # chance per own turn that another seat wins first (~0.8 wins/hand) [K][H]
    ron_factor: float = 2.5  # a live winning tile comes as one's own draw or as another's discard [H]
    typical_wait: int = 6  # live winning tiles a one-shanten hand expects once ready [P]
    far_win_chance: tuple[float, float] = (0.08, 0.02)  # two-shanten, three or more [H]
    far_typical_tiles: tuple[float, float] = (24.0, 40.0)  # their usual acceptance: more tiles, more chance [H]
    far_step_factor: float = 0.3  # beyond three-shanten, each step multiplies the chance by this [H]
    deny_share: float = 0.3  # a win also stops a threat's win: this share of its value counts as gain [P]
    future_risk_per_shanten: float = 0.5  # each step from ready is one more turn of dangerous discards [P]
    tenpai_draw_value: float = 1500.0  # a ready hand's share of the noten payments at an exhaustive draw [rules]
    good_wait_tiles: int = 6  # live tiles of a wait that count as a good wait (two-sided ~ 8) [P]
    fold_weight: float = 1.0  # how much a point lost counts against a point won [H]
    fold_weight_top_all_last: float = 2.0  # all-last, leading: keep the lead [P]
    fold_weight_last_all_last: float = 0.5  # all-last, fourth: a win is the only way up [P]
    # --- value and efficiency ---
    value_exponent: float = 0.5  # speed x value^e ranks discards: a doubled value is worth 41 % more acceptance [H]
    # --- riichi or dama [P] ---
    dama_min_points: int = 5200  # a ready hand with a yaku worth this much stays dama [P]
    dama_late_wall: int = 12  # with a yaku and this few tiles left, stay dama [P]
    riichi_min_wait_tiles: int = 4  # fewer live winning tiles: do not declare (change the wait) [P]
    riichi_bad_wait_early_turn: int = 10  # before this turn, a one-tile wait without yaku waits for a better one [H]
    # --- calls [P] ---
    call_max_shanten: int = 2  # open a hand only from this close to ready (yakuhai pon always) [H]
    call_min_points: int = 2000  # an open hand worth less than this (non-dealer) calls only when it gets close [H]
    cheap_call_shanten: int = 1  # ...this close after the call [H]
    closed_keep_shanten: int = 1  # this close, a closed hand stays closed unless the call readies it as dear [H]
    closed_keep_ratio: float = 0.5  # ...worth at least this share of the closed hand (with its riichi) [H]
    honitsu_min_tiles: int = 10  # tiles of one suit plus honours (of 14) to go for honitsu [P]
    toitoi_min_pairs: int = 4  # pairs or triplets to pon toward toitoi [P]
    formal_tenpai_wall: int = 8  # in the last draws, a call that makes a hand ready is taken without a yaku [P]
    kyuushu_play_shanten: int = 3  # decline 九種九牌 when the hand is this close, or 11+ orphans kinds [P]
    kyuushu_orphans_kinds: int = 11


PHOENIX = Profile()
"""The code's defaults, hand-tuned toward Tenhou Phoenix play [K][H]; the ``human`` bot plays profiles/phoenix.toml."""


def profile_with(base: Profile, **changes: float) -> Profile:
    """``base`` with some parameters changed (a profile file's values, a calibration step)."""
    known = {f.name for f in fields(Profile)}
    unknown = sorted(set(changes) - known)
    if unknown:
        from mjsim.errors import MjsimError

        raise MjsimError(f"unknown human-player parameter {unknown[0]!r}")
    return replace(base, **changes)
