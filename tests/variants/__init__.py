"""Tests of the variant families and deltas."""
