"""Rule helpers shared by families (e.g. 喰い替え, used by the riichi and Taiwanese families).

Not a variant: no hooks and no entry point. A family imports what it needs from here.
"""
