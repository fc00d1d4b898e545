"""``python -m mjsim`` runs the command line (``mjsim/__init__.py`` took the current directory off the path)."""

from mjsim.cli import main

main()
