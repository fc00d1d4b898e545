"""Replay and log-format tests on Tenhou data."""
