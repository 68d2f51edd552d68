"""The package as a user meets it: --version, the bundled examples, shell completion, help
on every option, convert and --output-format, and (slow) a wheel installed in a fresh venv
running the README's first command."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import deduce
from deduce.cli import build_parser, main
from deduce.cli.completion import bash, commands, zsh
from deduce.cli.example import example_names, example_text

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
EASY_FILE = (ROOT / "examples" / "sudoku-easy.txt").read_text(encoding="utf-8")
EASY = EASY_FILE.strip().splitlines()[-1]  # the puzzle, after the line that says what it is


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "deduce", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )


def _field(name: str) -> str:
    found = re.search(rf'^{name} = "([^"]+)"$', PYPROJECT, re.M)
    assert found is not None, name
    return found.group(1)


def test_the_distribution_is_not_the_package_indexs_other_deduce():
    """PyPI's ``deduce`` is another project: deduce installs as ``deduce-puzzles``."""
    assert _field("name") == deduce.DISTRIBUTION == "deduce-puzzles"
    assert f"pip install '{deduce.DISTRIBUTION}[dask]'" in (ROOT / "README.md").read_text()


def test_the_version_has_one_home():
    assert deduce.__version__ == _field("version")
    done = _run("--version")
    assert done.returncode == 0 and done.stdout == f"deduce {_field('version')}\n"
    assert "__version__ =" not in (ROOT / "deduce" / "__init__.py").read_text(encoding="utf-8")


def test_the_license_is_an_spdx_string_with_its_file():
    assert _field("license") == "MIT"
    assert 'license-files = ["LICENSE"]' in PYPROJECT
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "License ::" not in PYPROJECT  # the SPDX string replaces the classifier
    assert (ROOT / "deduce" / "py.typed").exists()


def test_examples_are_package_data_and_the_repository_links_them():
    names = example_names()
    assert "sudoku-easy" in names and len(names) == len(list((ROOT / "examples").glob("*.txt")))
    for path in (ROOT / "examples").glob("*.txt"):
        assert path.read_text(encoding="utf-8") == (
            ROOT / "deduce" / "examples" / path.name
        ).read_text(encoding="utf-8")


def test_example_command_lists_and_prints(capsys):
    assert main(["example"]) == 0
    listing = capsys.readouterr().out
    assert all(name in listing for name in example_names())
    assert "webpbn #23" in listing
    assert main(["example", "sudoku"]) == 0
    assert capsys.readouterr().out == EASY_FILE
    assert main(["example", "chess"]) == 2
    assert "no example called 'chess' (examples: hidato," in capsys.readouterr().err


def test_every_example_says_what_it_is_and_points_at_nothing_a_wheel_lacks():
    """Issue 29, item 17: a description names where the puzzle comes from, never a path in
    this checkout (``../shared/...``, a seed file) that a wheel's user does not have."""
    for name in example_names():
        first = example_text(name).splitlines()[0]
        assert first.startswith("# ") and len(first) > 20, name
        assert not re.search(r"\.\./|shared/|corpora|seed|\.txt\b", first), first


def test_example_option_feeds_any_command(capsys):
    assert main(["solve", "--example", "sudoku"]) == 0
    assert capsys.readouterr().out.strip() == deduce.solve(EASY).solution_text
    assert main(["check", "--example", "signpost"]) == 0
    assert "unique solution" in capsys.readouterr().out
    assert main(["solve", "--example", "sudoku", EASY]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["solve"]) == 2
    assert "solve needs a puzzle" in capsys.readouterr().err


def test_every_option_has_help():
    missing = []
    for command in commands(build_parser()):
        missing += [f"{command.name} {o.names[0]}" for o in command.options if not o.help]
        assert command.help, command.name
    assert missing == []


def test_generate_help_lists_every_familys_levels():
    done = _run("generate", "--help")
    text = " ".join(done.stdout.split())
    for name in deduce.family_names():
        levels = ", ".join(deduce.get_family(name).levels)
        assert f"{name}: {levels}" in text.replace("- ", "-")
    assert "README" not in _run("hint", "--help").stdout


def test_rules_names_the_forms(capsys):
    assert main(["rules", "sudoku"]) == 0
    assert "forms: line, grid, tatham, puzzlink, sukaku, pmgrid, hodoku, sudokuwiki" in (
        capsys.readouterr().out
    )


def test_convert_writes_each_puzzle_in_the_form_asked(tmp_path, capsys):
    assert main(["convert", EASY, "--to", "puzzlink"]) == 0
    url = capsys.readouterr().out.strip()
    assert url.startswith("https://puzz.link/p?sudoku/9/9/")
    assert main(["convert", url, "--to", "line"]) == 0
    assert capsys.readouterr().out.strip() == EASY
    batch = tmp_path / "two.txt"
    batch.write_text(f"{EASY}\n{EASY[:-2]}55\n", encoding="utf-8")
    assert main(["convert", str(batch), "--to", "sukaku"]) == 2
    out, err = capsys.readouterr()
    assert len(out.split()) == 1 and len(out.split()[0]) == 729
    assert "line 2: clue 5 at r9c8 repeats in row 9" in err
    assert main(["convert", EASY, "--to", "jpeg"]) == 2
    assert "no text form 'jpeg' (forms: line, grid" in capsys.readouterr().err
    assert main(["convert", "--example", "signpost", "--to", "line"]) == 2
    assert "the signpost family has no text form 'line'" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["hidato", "nonogram", "numbrix", "path", "signpost"])
def test_every_form_of_a_family_reads_back_as_the_same_puzzle(name):
    puzzle = deduce.load(
        (ROOT / "deduce" / "examples" / f"{name}.txt").read_text().split("\n", 1)[1]
    )
    fam = puzzle.family
    assert fam.forms, name
    for form in fam.forms:
        written = form.write(puzzle.data)
        assert form.write(fam.parse(written)) == written, form.name  # each form round-trips
        assert deduce.solve(written, fam).solution == deduce.solve(puzzle).solution


def test_output_format_for_solve_and_generate(capsys):
    assert main(["solve", EASY, "--output-format", "puzzlink"]) == 0
    solved = capsys.readouterr().out.strip()
    assert solved.startswith("https://puzz.link/p?sudoku/9/9/4839216579")
    assert main(["generate", "sudoku", "--seed", "1", "--output-format", "puzzlink"]) == 0
    made = capsys.readouterr().out.strip()
    assert made.startswith("https://puzz.link/p?sudoku/9/9/")
    assert deduce.solve(made).status == "unique"
    assert main(["generate", "sudoku", "--seed", "1", "--output-format", "gif"]) == 2
    assert "no text form 'gif'" in capsys.readouterr().err


def test_hint_takes_a_pencil_mark_grid_as_progress(capsys):
    original = "984.........5...4.........2..6.972....3..2..........1...5.6...34.7.5189..3...97.."
    grid = ROOT / "tests" / "fixtures" / "sudoku" / "forms" / "pm_hodoku_lc101.txt"
    assert main(["hint", original, "--progress", str(grid), "--level", "4"]) == 0
    out = capsys.readouterr().out
    assert "wrong" not in out and "r3c7" in out


# --- completion ---------------------------------------------------------------------------


def _complete_bash(script: Path, *words: str) -> list[str]:
    line = " ".join(words)
    done = subprocess.run(
        ["bash", "-c", f'source {script}; COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; '
         '_deduce; printf "%s\\n" "${COMPREPLY[@]}"'],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_bash_completion_completes_commands_options_and_values(tmp_path):
    script = tmp_path / "deduce.bash"
    script.write_text(bash(build_parser()), encoding="utf-8")
    assert _complete_bash(script, "deduce", "co") == ["convert", "completion"]
    assert _complete_bash(script, "deduce", "generate", "--difficulty", "ex") == [
        "expert",
        "extreme",
    ]
    assert _complete_bash(script, "deduce", "convert", "x", "--to", "s") == [
        "sukaku",
        "sudokuwiki",
    ]
    assert _complete_bash(script, "deduce", "explain", "--exa") == ["--example"]
    assert "sudoku-easy" in _complete_bash(script, "deduce", "explain", "--example", "s")
    assert _complete_bash(script, "deduce", "rules", "n") == ["numbrix", "nonogram"]


def test_zsh_script_describes_every_command():
    script = zsh(build_parser())
    assert script.startswith("#compdef deduce")
    for command in build_parser()._subparsers._group_actions[0].choices:  # type: ignore[union-attr]
        assert f"_deduce_{command}()" in script
    if shutil.which("zsh"):
        subprocess.run(["zsh", "-n", "-c", script], check=True)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_completion_offers_the_levels(tmp_path):
    (tmp_path / "_deduce").write_text(zsh(build_parser()), encoding="utf-8")
    driver = tmp_path / "drive.zsh"
    driver.write_text(
        "zmodload zsh/zpty\n"
        "zpty -b z 'zsh -f -i'\n"
        f'zpty -w z \'PS1="%% "; fpath=({tmp_path} $fpath); autoload -Uz compinit; '
        "compinit -u -D'\n"
        "sleep 1; zpty -r -t z junk\n"
        "zpty -w -n z $'deduce generate --difficulty ex\\t'\n"
        "sleep 3; out=''; while zpty -r -t z chunk; do out+=$chunk; done; print -r -- $out\n",
        encoding="utf-8",
    )
    done = subprocess.run(["zsh", "-f", str(driver)], capture_output=True, text=True, timeout=60)
    assert "expert" in done.stdout and "extreme" in done.stdout


def test_completion_command_prints_a_script(capsys):
    assert main(["completion", "bash"]) == 0
    assert "complete -o filenames -F _deduce deduce" in capsys.readouterr().out
    assert isinstance(build_parser(), argparse.ArgumentParser)


# --- the wheel ----------------------------------------------------------------------------

#: Code that uses deduce as installed, and what mypy --strict says of it: the library's own
#: types (a Result, a Hint), and an error where the code misuses one.
USER_CODE = """import deduce

result = deduce.solve("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
reveal_type(result)
reveal_type(deduce.hint(result.puzzle, level=2).texts)
reveal_type(deduce.__version__)
steps: int = result.solution_text
"""
USER_TYPES = (
    'Revealed type is "deduce.solving.Result"',
    'Revealed type is "tuple[str, ...]"',
    'Revealed type is "str"',
    'Incompatible types in assignment (expression has type "str | None", variable has type "int")',
)


@pytest.mark.slow
def test_the_wheel_installs_in_a_fresh_venv_and_runs_the_readme_command(tmp_path):
    """Build the wheel from a copy of the source, install it (with its dependencies) into a
    new virtual environment, and run the README's first command there, away from the source."""
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(".git", "__pycache__", "*.egg-info", "build", "dist"),
    )
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path / "dist"),
         str(source)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    assert "Deprecat" not in built.stdout + built.stderr
    (wheel,) = (tmp_path / "dist").glob(f"{deduce.DISTRIBUTION.replace('-', '_')}-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {"PATH": f"{bin_dir}{os.pathsep}/usr/bin:/bin", "NO_COLOR": "1"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = re.search(
        r"^    (?:python3 -m pip install [^&]+&& )?(deduce explain [^\n]+)$", readme, re.M
    )
    assert first is not None, "the README's first command"
    started = time.perf_counter()
    done = subprocess.run(
        first.group(1).split(), capture_output=True, text=True, cwd=away, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "Grade: easy" in done.stdout and time.perf_counter() - started < 120
    version = subprocess.run(
        ["deduce", "--version"], capture_output=True, text=True, cwd=away, env=env, check=True
    )
    assert version.stdout.strip() == f"deduce {_field('version')}"
    where = subprocess.run(
        [str(bin_dir / "python"), "-c", "import deduce, json; print(deduce.__file__); "
         "print(json.dumps(deduce.schema('log')['title']))"],
        capture_output=True, text=True, cwd=away, env=env, check=True,
    )  # fmt: skip
    assert str(venv) in where.stdout and "deduce Log" in where.stdout
    # py.typed ships: mypy, reading the installed package, sees deduce's own types
    (away / "use.py").write_text(USER_CODE, encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--python-executable", str(bin_dir / "python"), "use.py"],
        capture_output=True, text=True, cwd=away, timeout=300,
    )  # fmt: skip
    said = checked.stdout.replace("builtins.", "")  # older mypy spells builtins out
    for expected in USER_TYPES:
        assert expected in said, checked.stdout
