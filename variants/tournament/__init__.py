"""Tournament scoring (rules/other_variants.md §6-§7): best run of three, the tournament point, a report section.

Not a variant: no rules of play and no entry point. The riichi family registers ``report.SECTION`` as the
report section "tournament" (an experiment's ``tournament = true``).
"""
