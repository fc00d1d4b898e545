"""Options shared by the command modules (``mjsim.cli`` and ``mjsim.cli.explore``): ``--quiet``, ``--workers``,
``--preset``, ``--set`` and ``--out`` (the results root), ``KEY=VALUE`` settings."""

from __future__ import annotations

from collections.abc import Callable

import click

from mjsim.errors import MjsimError
from mjsim.rules.presets import PRESET_ENV, default_preset


def quiet_option(command: Callable) -> Callable:
    """``--quiet``: no progress display (neither the bar of a terminal nor the periodic log lines)."""

    def set_quiet(_ctx: click.Context, _param: click.Parameter, quiet: bool) -> None:
        from mjsim.progress import set_quiet as quiet_progress

        quiet_progress(quiet)

    return click.option(
        "--quiet", is_flag=True, expose_value=False, callback=set_quiet, help="show no progress on stderr"
    )(command)


def workers_callback(_ctx: click.Context, _param: click.Parameter, workers: int | None) -> int | None:
    """``--workers``: at least 1 and at most the cap of this machine (mjsim.runner.backends.max_workers)."""
    from mjsim.runner.backends import check_workers

    return None if workers is None else check_workers(workers)


def workers_option(help_text: str = "worker processes (default: every core)") -> Callable[[Callable], Callable]:
    """``--workers N``, checked by ``workers_callback``, with this help text."""
    return click.option("--workers", type=int, callback=workers_callback, help=help_text)


def key_values(settings: tuple[str, ...], flag: str = "--set") -> dict[str, str]:
    """``KEY=VALUE`` pairs of a repeated option (``--set``, ``--set-a`` ...) as a dict."""
    overrides = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise MjsimError(f"{flag} takes KEY=VALUE, got {item!r}")
        overrides[key.strip()] = value.strip()
    return overrides


def complete_presets(_ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of a preset name (``mjsim simulate --preset te<TAB>``): the installed presets it starts."""
    from mjsim.rules.presets import preset_names

    return [name for name in preset_names() if name.startswith(incomplete)]


def preset_option(help_text: str = "the rule set (mjsim presets lists them)") -> Callable[[Callable], Callable]:
    """``--preset NAME`` (default: the default preset, $MJSIM_PRESET or the installed one marked so), completed
    from the installed presets, with this help text."""
    return click.option(
        "--preset",
        default=default_preset,
        show_default=f"${PRESET_ENV}, else the installed default",
        help=help_text,
        shell_complete=complete_presets,
    )


def settings_option(help_text: str = "override an option of the preset; repeatable") -> Callable[[Callable], Callable]:
    """``--set KEY=VALUE``, repeatable, passed to the command as ``settings``, with this help text."""
    return click.option("--set", "settings", multiple=True, metavar="KEY=VALUE", help=help_text)


def results_root_option(help_text: str) -> Callable[[Callable], Callable]:
    """``--out DIR`` (default results), the folder that holds the results folders, passed as ``root``."""
    return click.option(
        "--out", "root", default="results", show_default=True, type=click.Path(file_okay=False), help=help_text
    )
