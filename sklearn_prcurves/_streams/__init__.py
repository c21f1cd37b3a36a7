"""Tables built chunk by chunk or held in ranges: the mergeable summaries (exact and
binned) and the table in score ranges that the engines and the report read piece by
piece.
"""
