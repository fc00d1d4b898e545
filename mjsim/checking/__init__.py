"""Checking games: the invariants run after every step, draws of option values, Hypothesis-driven
games (``mjsim check``) and a three-seat family for tests."""
