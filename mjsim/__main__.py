"""``python -m mjsim`` runs the command line."""

from mjsim.cli import main

main()
