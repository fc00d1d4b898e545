"""The example notebook runs from top to bottom: it plays its small experiment, shows tables and draws its plot."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "experiment.ipynb"


def test_the_example_notebook_runs_and_plots(tmp_path: Path, monkeypatch) -> None:
    checkout = str(NOTEBOOK.parents[1])  # the kernel imports this checkout's mjsim, installed or not
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (checkout, os.environ.get("PYTHONPATH")) if p))
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs)  # the plot
    assert any("mean rank" in o.get("data", {}).get("text/html", "") for o in outputs)  # the result's own table
    assert (tmp_path / "results" / "notebook_spread" / "summary.md").is_file()
