"""Differential tests against the mahjong package and shared case files."""
