"""mjsim's own game log: one versioned JSON format for any family's games (``docs/game_log.md``).

``write`` turns a played game into a log, ``read`` checks a log file, ``replay`` re-runs a log under its own
rule set and checks every action and transfer, ``retry`` replays logged walls and actions under another rule set.
"""

FORMAT = "mjsim-game-log"
"""The ``format`` field every log carries."""
VERSION = 2  # 2: hits name their value and multiple neutrally, a win's score carries its lines
"""The format's version: readers refuse a newer one; fields are only ever added within a version."""
