"""General graph algorithms over plain data, used by the rules of several families."""
