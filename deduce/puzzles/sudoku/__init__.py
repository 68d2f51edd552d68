"""Sudoku (generalized to B²×B², rectangular boxes too): the model, its text forms, its view and its generator."""
