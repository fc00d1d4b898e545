"""Report sections come from the installed variants (mjsim_register_report_sections), by name."""

from __future__ import annotations

import pytest

from mjsim.errors import MjsimError
from mjsim.experiment.sections import report_section, report_sections
from variants.tournament.report import SECTION


def test_the_riichi_family_registers_tournament_scoring():
    assert report_sections()["tournament"] is SECTION
    assert report_section("tournament") is SECTION


def test_an_unregistered_section_is_a_one_line_error():
    with pytest.raises(MjsimError, match="no installed variant registers the report section 'nope'") as err:
        report_section("nope")
    assert "\n" not in str(err.value)
