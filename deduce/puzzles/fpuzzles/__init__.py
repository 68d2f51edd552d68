"""f-puzzles links (``https://www.f-puzzles.com/?load=...``, and SudokuPad's links that carry
the same payload): ``link`` finds and unpacks the JSON a link holds, ``reading`` makes it a
Sudoku, Jigsaw or Killer (refusing, by name, any constraint deduce has no rules for), and
``writing`` writes a puzzle back as a link."""
