"""Path model: both text forms round-trip, the corpus solutions verify, bad input is named."""

import json

from deduce.puzzles import path as model
from deduce.puzzles import path_text as text
from tests.conftest import corpus_file


def _corpus():
    with corpus_file("path", "path_puzzles.jsonl").open() as f:
        return [json.loads(line) for line in f]


def test_forms_round_trip_and_solutions_verify():
    for record in _corpus():
        line = json.dumps(record)
        p = text.parse(line)
        assert text.parse(text.to_json(p)) == p
        q = text.parse(text.to_grid(p))
        assert (q.doors, q.row_counts, q.col_counts) == (p.doors, p.row_counts, p.col_counts)
        assert text.format_puzzle(q) == text.to_grid(p)
        assert text.detect(line) and text.detect(text.to_grid(p))
        if record["solution"]:
            values = model.values_from_cells(p, [tuple(c) for c in record["solution"]])
            model.check_solution(p, values)
            assert model.values_from_array(p, model.solution_text(p, values)) == values
