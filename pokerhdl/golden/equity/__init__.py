"""Hold'em equity in the golden model: the readable definition, the fast numpy engine, the
deal of a lane, exact enumeration, the engine's wire protocol and hand ranges."""
