"""The variant API: every hook a rule variant may implement.

Variants are registered in the order a rule set lists them and pluggy calls
the last registered first, so **later variants take precedence**.  Hook
implementations may accept any subset of a hook's arguments.  The engine calls
the game-flow hooks through :class:`mjsim.rules.hooks.Hooks` (``rules.flow``).
"""

from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("mjsim")
hookimpl = pluggy.HookimplMarker("mjsim")

# --- Build-time hooks: called once by RuleSet.compile() ---------------------


@hookspec
def mjsim_add_options(registry):
    """Declare the variant's options: ``registry.add_all(OPTIONS)``, its ``Declarations`` list (mjsim.rules.options)."""


@hookspec
def mjsim_register_patterns(rules):
    """Return a list of :class:`mjsim.scoring.Pattern` that can score under ``rules``."""


# --- Scoring hooks ----------------------------------------------------------


@hookspec(firstresult=True)
def mjsim_score_win(ctx, rules):
    """Score the win described by ``ctx`` under ``rules``: a :class:`mjsim.scoring.Score`, or raise
    :class:`mjsim.scoring.NoWin` saying why the tiles do not win.

    The one scoring door: ``mjsim score``, case files and the game all come through it (the engine composes
    it with ``mjsim_win_context`` and ``mjsim_accept_win`` in :mod:`mjsim.engine.wins`), so a delta that
    changes what a win is worth wraps this hook alone. An option is read as ``rules[OPTION]``; the context
    carries none. Stops at first non-None result.
    """


@hookspec
def mjsim_check_win(ctx, rules):
    """Why the win in ``ctx`` cannot happen in a game under ``rules`` (one line naming the conflict, e.g.
    ``"ippatsu needs riichi"``), or None when it can.

    Asked where a win comes from outside a game (``mjsim score``, :func:`mjsim.score`, case files) before it
    is scored, through :func:`mjsim.scoring.win_input.refuse_impossible`; every variant's answer is collected and
    the first message refuses the win. The family owns which of its situations exclude each other.
    """


# --- Game flow hooks (pre-resolved on Rules.flow) ---------------------------


@hookspec(firstresult=True)
def mjsim_table_setup(rules):
    """The table: a :class:`mjsim.engine.setup.TableSetup` (tiles, hand size, walls, bonus tiles).

    Stops at first non-None result.
    """


@hookspec
def mjsim_legal_actions(game, seat, actions):
    """Filter (or extend) ``actions``, the structurally possible actions of ``seat``; return the new list.

    Implementations run as a chain in rule-set order (tryfirst ones first, trylast ones last), each receiving the
    previous one's list; returning None keeps the list unchanged. A wrapper is refused.
    """


@hookspec(firstresult=True)
def mjsim_may_claim(game, seat, tile):
    """False when ``seat`` has no answer but pass to the open ``tile`` (a discard, or a kan open to robbing),
    so the engine builds it no claim offers; True or None: the engine builds them and asks the other hooks.

    The claim fast path, asked for every claimant of every discard before :func:`mjsim_win_context` and
    :func:`mjsim_legal_actions`: False is a promise that they would leave the seat only pass, and that asking
    them would change nothing. A delta that adds answers to a discard answers True where it does (deltas are
    asked before their family). Stops at first non-None result.
    """


@hookspec(firstresult=True)
def mjsim_win_context(game, seat, tile, how):
    """The :class:`mjsim.scoring.WinContext` of ``seat`` winning on ``tile`` (``how`` is "tsumo" or "ron"),
    or False/None when the seat cannot win: the family's cheap rejection (waits, furiten, who may rob a kan).

    Called for every win offer, so it must not score the hand. A delta whose scoring reads facts of the
    game (jirai's forbidden yaku, paarenchan's streak) wraps it to put them in ``ctx.extra``, where
    ``mjsim score --extra`` puts them for a standalone win. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def mjsim_accept_win(game, seat, ctx, score):
    """Whether the win in ``ctx`` stands, once the tiles allow it: True or None to accept, False to refuse.

    ``score`` is the win's Score when the seat wins, None when the engine only asks whether to offer the
    win (offers are not scored: a family whose offers depend on the value, riichi's yaku, scores them here
    through ``game.rules.score_win``). The rules that need the game after the tiles: riichi's 後付け and
    same-turn furiten, chengdu's 过水 higher-value rule. A delta that records its wins wraps this hook and
    records when the result is not False and ``score`` is not None. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def mjsim_declarations(game, seat):
    """The choices ``seat`` must make after the deal, before the dealer's first draw (定缺: the missing suit),
    as a list of Actions, or None for none. Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_pass_tiles(game, chosen):
    """After a declaration round ``chosen`` {seat: Action}: the tiles it passes between seats (换三张) as a list
    of (giver, receiver, tile), or None; such a round is consumed and the next one asked for.
    Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_leave_hand(game):
    """Seats that must leave the hand now, after a payment during play (busting), as a list, or None.
    Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_sit_out(game):
    """Seats that sit the hand just dealt out (busted in an earlier hand), as a list, or None.
    Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_after_bonus(game, seat, tile):
    """Choices ``seat`` has right after setting aside the bonus tile ``tile`` it drew in play (台湾: hide the
    eighth flower or show it), as a list of Actions, or None for none. Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_bonus_wins(game, seat, tile):
    """Wins made at once because ``seat`` set aside the bonus tile ``tile`` (台湾: 七搶一), as a list of
    (winner, payer), or None. Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_before_draw(game, seat):
    """Choices ``seat`` has before its turn draw besides drawing (台湾: decline the last tile), as a list of
    Actions, or None for none. Stops at first non-None result."""


@hookspec
def mjsim_settle_meld(game, seat, meld):
    """Transfers due when ``seat``'s call or kong ``meld`` stands (刮风下雨 kong payments): a list, or None."""


@hookspec(firstresult=True)
def mjsim_resolve_claims(game, answers):
    """Which answers to a discard take effect: a :class:`mjsim.engine.outcomes.ClaimResult` (the (seat, action)
    pairs, or an abort reason). Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_abortive_draw(game):
    """A reason to abort the hand now (after a discard passes), or None. Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_settle_win(game, wins):
    """The transfers paying ``wins`` [(seat, tile, from_seat, score)]. Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_after_win(game, wins):
    """A :class:`mjsim.engine.outcomes.ContinueAfterWin` when play goes on after these wins (blood battle), None
    when the hand ends. Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_refused_action(game, seat, action, chosen):
    """What happens when ``seat`` declares ``action``, which the engine did not offer (a player's mistake), while
    the seats deciding with it chose ``chosen`` ({seat: action}, as declared): a
    :class:`mjsim.engine.outcomes.Refusal` (transfers, the action taken instead, or the hand's end), or None
    when no variant judges it (the engine then refuses it as illegal). Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_settle_draw(game, reason):
    """A :class:`mjsim.engine.outcomes.DrawSettlement` (transfers, detail) for a hand that ended without a win.
    Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_next_hand(game, outcome):
    """The next hand: a :class:`mjsim.engine.outcomes.NextHand` (dealer, round, honba, repeat, over, leftover_to).

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def mjsim_end_game_offer(game, outcome):
    """The seat that may end the game now that this hand is over instead of playing on (和了り止め), or None.

    The engine then asks that seat to choose ``Action("end_game")`` or ``Action("play_on")``, records the answer
    in ``game.end_chosen`` and calls ``mjsim_next_hand``. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def mjsim_seating(game, next_hand):
    """Who sits where for the next hand, when the players change seats between hands (MCR: every round), as a
    tuple: ``players[s]`` is the player (0 .. seats-1, in the order of the game's line-up) at seat ``s``; None keeps
    them where they are. ``next_hand`` is the :class:`mjsim.engine.outcomes.NextHand` just decided.

    The engine moves each player's points and side balances with the player (a ``seats`` event in the log), seats
    each player's agent where it now sits, and puts every player back at its own seat before the final
    settlement, so the final results and the line-up stay in player order. Stops at first non-None result."""


@hookspec
def mjsim_settle_game(game):
    """Transfers paid once the game is over, before the final settlement (yakitori, bust prizes): a list."""


@hookspec(firstresult=True)
def mjsim_final_settlement(game):
    """Final results of a finished game (points, ranks, scores after oka/uma). Stops at first non-None result."""


@hookspec
def mjsim_on_event(game, event):
    """Called for every event of the log; must not change the game."""


@hookspec
def mjsim_register_invariants(rules):
    """Return a list of (name, check) where ``check(game)`` returns None or a violation message."""


@hookspec
def mjsim_observe(game, seat):
    """Extra facts ``seat`` may know, as a dict merged into ``Observation.extra`` (e.g. 地雷: the dealer's
    forbidden yaku, only for the dealer). Return None to add nothing; never reveal hidden tiles."""


@hookspec
def mjsim_record_hand(game, outcome):
    """Facts of the finished hand to keep in its record, as a dict with keys named "<variant>.<fact>"
    (e.g. {"jirai.count": 3, "jirai.reversed": 1}); experiments can measure them. Return None for none."""


@hookspec
def mjsim_log_facts(game):
    """Facts of the hand in play that mjsim's game log shows beside its events (地雷: the forbidden set), as a
    dict with keys named "<variant>.<fact>" of JSON values; called when the hand's first decision is due and after
    every step (changes land in the log's timeline). Return None for none."""


@hookspec
def mjsim_unwise_actions(rules, obs, actions):
    """Offered actions a player who knows this variant's rule would avoid (a list, or None for none): advice to
    rule-aware bots, read from the seat's observation only (e.g. a win the seat expects to be reversed).

    Called by bots that take advice (the human-like players), never by the engine; every answer is joined."""


@hookspec(firstresult=True)
def mjsim_payoff_view(rules, obs, first_dealer):
    """The family's reading of ``obs``'s standing for the payoff model, as a :class:`mjsim.agents.payoff.PayoffView`
    (the hands left under its length rules, the deposits' worth), or None. ``first_dealer``: the game's first
    dealer as the player saw it (None: unknown). Called by payoff-aware bots, never by the engine.
    Stops at first non-None result."""


@hookspec(firstresult=True)
def mjsim_hand_swing(rules):
    """How a seat's points move per hand under ``rules``, as a :class:`mjsim.agents.payoff.Swing` (or None): the payoff
    model's standings spread. Called once per rule set by payoff-aware bots. Stops at first non-None result."""


@hookspec
def mjsim_side_payoffs(rules, obs):
    """What this variant's side payments make events worth for ``obs``'s seat, as a
    :class:`mjsim.agents.payoff.SidePayoffs` in settlement units (chips, 焼き鳥, トビ賞, 割れ目), or None. Called by
    payoff-aware bots (``mjsim.agents.payoff.side_payoffs``), never by the engine; every answer is joined."""


# --- Registration hooks: what a variant adds beside the rules -------------------------------------------------


@hookspec
def mjsim_register_agents():
    """Bots this variant adds, as a dict {name: factory}; ``factory(rng, rules)`` returns an Agent.

    ``rules`` are the compiled rules of the game the bot will play. Called on the variants of a rule set
    (to seat bots) and on every installed variant (to list them)."""


@hookspec(firstresult=True)
def mjsim_default_agent():
    """The bot that takes every seat when a game under this variant's rule set names none: the family's best
    player, a name the variant (or one before it) registers, e.g. "human". Called on the variants of a rule set
    (later variants first) and, to list them, on every installed variant. Stops at first non-None result; a rule
    set none answers for seats efficiency bots."""


@hookspec
def mjsim_register_commands(cli):
    """Add this variant's click commands to ``cli`` (the ``mjsim`` group), or options to its commands.

    Called once on every installed variant when the command line starts."""


@hookspec
def mjsim_register_presets():
    """Where this family's named rule sets live: a list of folders (``importlib.resources`` traversables
    or paths) whose ``*.toml`` files are presets. Called on every installed variant."""


@hookspec
def mjsim_register_report_sections():
    """Sections this variant adds to experiment reports, as a dict {name: mjsim.experiment.sections.ReportSection}.

    An experiment asks for a section by name (``tournament = true`` asks for "tournament"). Called on every
    installed variant."""


@hookspec
def mjsim_register_log_formats(rules):
    """Game-log formats this variant can write for games under ``rules``, as a dict {name: writer} where
    ``writer(game, agent_names) -> str`` is the text of one file; return None when none fits the rules."""


@hookspec
def mjsim_register_log_readers():
    """Log formats this variant reads (Tenhou's), as a dict {name: mjsim.gamelog.formats.LogReader}: which paths hold
    such logs, their replay under the format's own rules, and their import as mjsim game logs (for
    ``mjsim replay --preset``). Called on every installed variant."""


@hookspec(firstresult=True)
def mjsim_play_terms(rules):
    """This family's names for its facts of play, as a :class:`mjsim.play.terms.PlayTerms`: the event counted as
    a declaration, how wins group (han, fu...), what scoring patterns are called, and reference figures of real
    play. Later variants take precedence. Stops at first non-None result."""


@hookspec
def mjsim_action_kinds(rules):
    """The kinds of action this variant offers beyond the engine's own (``mjsim.engine.actions``), as a list of
    names (成都: "declare", "exchange"), so that an environment for learning agents (``mjsim.env``) can number
    every action a rule set offers. Return None for none."""


@hookspec
def mjsim_observation_fields(rules):
    """The facts this variant adds to a seat's view (``mjsim_observe``), as numbers for learning agents
    (``mjsim.env``): a list of :class:`mjsim.agents.observation_fields.ObservationField`, each named "<variant>.<fact>".
    Return None for none."""
