"""Killer Sudoku: the model (a Sudoku with cages), its JSON form and its view."""
