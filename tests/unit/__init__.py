"""Unit tests of mjsim's modules."""
