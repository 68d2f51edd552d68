"""Signpost (Simon Tatham's Portable Puzzle Collection): the model, its text forms, its view and its generator."""
