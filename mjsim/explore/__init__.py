"""Exploring the rule space: which options make two rule sets differ (``mjsim explain``) and which
value of an option makes a metric reach a target (``mjsim balance``)."""
