"""Property-based tests of hands, scoring and deals."""
