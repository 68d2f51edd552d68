"""Jigsaw Sudoku (irregular regions in place of boxes): its text forms, on Sudoku's model."""

#: The hidden single of a region: Sudoku's of a box, named for what a jigsaw has (its table row,
#: steps, search's closure of the singles, ``deduce rules``, the technique page and the
#: generator's fill rules read this name).
REGION_SINGLE = "hidden single (region)"
