"""Stateful (rule-based machine) tests of the engine."""
