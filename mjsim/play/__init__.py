"""Play statistics: what a game's record keeps of how the players played, what each family calls it,
rates and tables of it, the report section, and the same counts over logs of real play."""
