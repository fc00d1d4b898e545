"""国标麻将: the 2006 Mahjong Competition Rules (MCR) — 81 fans, their exclusions, special shapes (docs/mcr.md)."""
