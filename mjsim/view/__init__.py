"""The game viewer: one self-contained HTML page that steps through a logged game (``mjsim view LOG``)."""
