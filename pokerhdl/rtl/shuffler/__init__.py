"""The deck shuffler: an unbiased Fisher-Yates shuffle and deal of the cards an exclude mask
leaves, in parts (the deck memory, the draw, the deal, the compaction)."""
