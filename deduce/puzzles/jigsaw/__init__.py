"""Jigsaw Sudoku (irregular regions in place of boxes): its text forms, on Sudoku's model."""
