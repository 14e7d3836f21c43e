"""The equity engine: lanes that deal and judge trials (control, dealer, tallies, the exact
mode's odometer) and the engine around them (frames, request parser, set-up, reply)."""
