"""mjsim's reader of entry points gives importlib.metadata's answer (it only avoids importing it)."""

from __future__ import annotations

import sys
import zipfile

import pytest

from mjsim.rules import entry_points as reader


def _dist(folder, name: str, text: str, suffix: str = ".dist-info") -> None:
    info = folder / f"{name}{suffix}"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name.split('-')[0]}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(text)


@pytest.mark.parametrize("group", ["mjsim.variants", "console_scripts", "no.such.group"])
def test_the_installed_distributions_give_importlib_metadatas_answer(group):
    assert reader.entry_points(group) == reader._from_importlib(group)


def test_path_order_comments_duplicates_and_egg_info_as_importlib_metadata_reads_them(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    _dist(first, "alpha_pkg-1.0", "# a comment\n[mjsim.variants]\nalpha = alpha.mod\n\n# another\nshared = a.one\n")
    _dist(second, "Alpha.Pkg-2.0", "[mjsim.variants]\nalpha = shadowed.by.the.first\n")  # the same distribution
    _dist(second, "beta-0.1", "[other]\nx = y\n[mjsim.variants]\n  beta =  beta.mod:attr \nshared = b.two\n")
    _dist(second, "gamma", "[mjsim.variants]\ngamma = gamma\n", suffix=".egg-info")
    monkeypatch.setattr(sys, "path", [str(first), str(second), str(tmp_path / "absent")])
    found = reader.entry_points("mjsim.variants")
    assert found == reader._from_importlib("mjsim.variants")
    assert found == {"alpha": "alpha.mod", "shared": "b.two", "beta": "beta.mod:attr", "gamma": "gamma"}


def test_a_zip_on_the_path_is_left_to_importlib_metadata(tmp_path, monkeypatch):
    archive = tmp_path / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped\nVersion: 1.0\n")
        zipped.writestr("zipped-1.0.dist-info/entry_points.txt", "[mjsim.variants]\nzipped = zipped.mod\n")
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert not reader._plain_path()
    assert reader.entry_points("mjsim.variants") == {"zipped": "zipped.mod"}
