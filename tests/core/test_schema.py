"""The JSON Schemas shipped in the package hold for real output of every family: the Log
(``explain --json``, ``Log.to_dict``) and the record (``solve --json``, ``rate --format
jsonl``, ``Result.to_dict``), and the library's values are JSON and short to print."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import deduce
from deduce.cli import main
from tests.core.schema_check import errors

EXAMPLES = sorted((Path(deduce.__file__).parent / "examples").glob("*.txt"))
#: The first of Norvig's top95: with the singles alone it needs search (guesses in the log).
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _text(path: Path) -> str:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
    return "\n".join(ln for ln in lines if not ln.startswith("#"))


@pytest.fixture(scope="module")
def results() -> dict[str, deduce.Result]:
    found = {path.stem: deduce.solve(_text(path)) for path in EXAMPLES}
    singles = [r for r in deduce.get_family("sudoku").rules if "single" in r.name]
    found["sudoku-search"] = deduce.solve(TOP95_1, rules=singles)
    if deduce.get_family("sudoku").learn.available():
        found["sudoku-learn"] = deduce.solve(TOP95_1, search="learn")
    return found


def test_every_family_is_covered(results):
    assert {r.puzzle.family.name for r in results.values()} >= set(deduce.family_names())
    assert any(s.kind == "guess" for s in results["sudoku-search"].log)


def test_logs_match_the_log_schema(results):
    schema = deduce.schema("log")
    for name, result in results.items():
        data = json.loads(result.log.to_json())
        assert errors(data, schema) == [], name
        assert all("names" in step for step in data["steps"] if "placements" in step), name


def test_records_match_the_record_schema(results):
    schema = deduce.schema("record")
    for name, result in results.items():
        assert errors(json.loads(json.dumps(result.to_dict())), schema) == [], name
        full = json.loads(json.dumps(result.to_dict(log=True)))
        assert errors(full, schema) == [], name
        assert full["values"] == result.solution
        assert full["log"]["steps"] == result.log.to_dict()["steps"]


def test_command_output_matches_the_schemas(tmp_path, capsys):
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{TOP95_1}\n{TOP95_1[:-1]}x\n", encoding="utf-8")
    record = deduce.schema("record")
    assert main(["rate", "--format", "jsonl", str(batch)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(ln)["status"] for ln in lines] == ["unique", "error"]
    for line in lines:
        assert errors(json.loads(line), record) == []
    for path in EXAMPLES:
        assert main(["solve", "--json", str(path)]) == 0
        assert errors(json.loads(capsys.readouterr().out), record) == [], path.name
    assert main(["explain", "--json", "--example", "nonogram"]) == 0
    assert errors(json.loads(capsys.readouterr().out), deduce.schema("log")) == []


def test_names_stand_beside_the_indices(results):
    step = next(s for s in results["sudoku-easy"].log.to_dict()["steps"] if "placements" in s)
    ((cell, value),) = step["placements"]
    ((name, shown),) = step["names"]["placements"]
    assert name == f"r{cell // 9 + 1}c{cell % 9 + 1}" and shown == str(value)
    assert len(step["names"]["premises"]) == len(step["premises"])
    nonogram = results["nonogram"].log.to_dict()["steps"][0]
    assert nonogram["names"]["placements"][0][0].startswith("r")


def test_a_log_read_back_has_the_same_steps(results):
    log = results["sudoku-search"].log
    again = deduce.Log.from_json(log.to_json())
    assert again.steps == log.steps


def test_the_checker_finds_what_is_wrong():
    record = deduce.schema("record")
    good = deduce.solve(TOP95_1).to_dict()
    assert errors({**good, "status": "solved"}, record)
    assert errors({**good, "extra": 1}, record)
    assert errors({k: v for k, v in good.items() if k != "grade"}, record)
    assert errors({**good, "steps": True}, record)
    with pytest.raises(ValueError, match="does not know"):
        errors(1, {"typo": "integer"})
    with pytest.raises(ValueError, match="no schema called"):
        deduce.schema("puzzle")


def test_values_print_short(results):
    result = results["sudoku-easy"]
    assert repr(result) == (
        f"Result('sudoku', status='unique', level='easy', steps="
        f"{len(result.log.deductions())}, seconds={result.seconds:.3f})"
    )
    for value in (result, result.puzzle, result.log, result.puzzle.family):
        assert len(repr(value)) < 120
