"""Power-on reset: the reference for pokerhdl.rtl.por, one clock edge at a time."""


def por_trace(rst_in, cycles):
    """rst just before each rising clock edge 0, 1, 2... after configuration, for rst_in as
    sampled at those edges: high at the first ``cycles`` edges, and at edges 3 .. cycles + 2
    after every edge that sampled rst_in high (2 for the synchroniser, 1 to set the hold)."""
    return [int(t < cycles or any(rst_in[max(0, t - cycles - 2):max(0, t - 2)]))
            for t in range(len(rst_in))]
