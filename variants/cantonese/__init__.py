"""広東麻雀: the Cantonese family (鶏平胡/Hong Kong, 老章, 推倒胡, 新章) — faan, flowers, points (docs/cantonese.md)."""
