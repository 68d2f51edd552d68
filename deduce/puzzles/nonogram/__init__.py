"""Nonograms (Picross): the model, its text forms, its view and its generator."""
