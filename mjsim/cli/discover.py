"""``mjsim presets`` and ``mjsim agents``: the rule sets and the players there are to choose from."""

from __future__ import annotations

import importlib
import inspect
import json
from typing import Any

import click

from mjsim.errors import MjsimError


def preset_rows() -> list[dict[str, Any]]:
    """One row per installed preset: name, family (its first variant), the variants it adds, description, file."""
    from mjsim.rules.presets import load_preset, preset_files

    rows = []
    for name, entry in preset_files().items():
        data = load_preset(name)
        family, *adds = data["variants"]
        rows.append(
            {
                "name": name,
                "family": family,
                "adds": adds,
                "description": " ".join(data["description"].split()),
                "source": _shipped_path(str(entry)),
            }
        )
    return rows


def _shipped_path(path: str) -> str:
    """A preset file's path from its package root (``variants/riichi/presets/tenhou.toml``), else as given."""
    marker = path.rfind("/variants/")
    return path[marker + 1 :] if marker >= 0 else path


@click.command()
@click.option("--json", "as_json", is_flag=True, help="print the rows as JSON")
def presets(as_json: bool) -> None:
    """List every preset: name, family, what it is (with the variants it adds) and the file it comes from."""
    rows = preset_rows()
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    for r in rows:
        adds = f"  (+ {', '.join(r['adds'])})" if r["adds"] else ""
        click.echo(f"{r['name']:<20} {r['family']:<8} {r['description']}{adds}  [{r['source']}]")
    click.echo(f"\n{len(rows)} presets; `mjsim rules --preset NAME` lists one's options")


def agent_rows() -> dict[str, list[dict[str, Any]]]:
    """The bots by provider: "generic" (every rule set), then each installed variant that registers some; each
    bot with a one-line description and whether it is its family's default."""
    from mjsim.agents.bots import GENERIC_BOTS
    from mjsim.agents.registry import installed_defaults
    from mjsim.rules.plugins import installed

    defaults = installed_defaults()
    out = {"generic": [_agent_row(name, factory, False) for name, factory in sorted(GENERIC_BOTS.items())]}
    for variant, bots in sorted(installed("mjsim_register_agents"), key=lambda pair: pair[0]):
        default = defaults.get(variant)
        out[variant] = [_agent_row(n, f, n == default) for n, f in sorted((bots or {}).items())]
    return out


def _agent_row(name: str, factory: Any, default: bool) -> dict[str, Any]:
    return {"name": name, "about": _about(factory), "default": default}


def _about(factory: Any) -> str:
    """The first paragraph of a bot's docstring on one line (a deferred bot's module is imported to read it)."""
    target = getattr(factory, "target", None)
    if target is not None:
        module, _, attr = target.partition(":")
        try:
            factory = getattr(importlib.import_module(module), attr)
        except Exception as exc:  # a bot whose code fails to import is listed, saying so
            return f"(cannot import {target}: {type(exc).__name__})"
    doc = inspect.getdoc(factory) or ""
    return " ".join(doc.split("\n\n")[0].split())


@click.command()
@click.option("--json", "as_json", is_flag=True, help="print the bots by provider as JSON")
def agents(as_json: bool) -> None:
    """List the bots --agents can seat: the generic ones, then each family's (its default marked)."""
    rows = agent_rows()
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    for provider, bots in rows.items():
        where = "every rule set" if provider == "generic" else f"rule sets with the {provider} variant"
        click.echo(f"{provider} ({where}):")
        for bot in bots:
            mark = "  [default]" if bot["default"] else ""
            name = bot["name"] + ("CMD" if bot["name"].endswith(":") else "")
            click.echo(f"  {name:<22} {bot['about']}{mark}")
    click.echo(
        "\nWithout --agents a game seats its family's default (efficiency where none is named); "
        "NAME~RATE adds the error model (docs/penalties.md)."
    )


__all__ = ["MjsimError", "agent_rows", "agents", "preset_rows", "presets"]
