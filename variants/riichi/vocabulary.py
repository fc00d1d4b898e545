"""The riichi family's words for the engine's family-neutral vocabulary.

The engine knows a declaring discard, the table's declaration deposit and indicators shown or hidden; this
family calls them riichi, the riichi stick (供託) and dora / ura dora indicators.
"""

from __future__ import annotations

from mjsim.engine.actions import DECLARE_DISCARD

RIICHI = DECLARE_DISCARD
"""The action kind (and event kind) of a riichi declaration: the engine's declaring discard."""
DEPOSIT_REASON = "riichi"
"""The ledger reason of the riichi stick a declaration puts on the table."""
DORA_EVENT = "indicator"
"""The engine event that turns a dora indicator."""
