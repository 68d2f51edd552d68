"""What compiling the nonogram line rules with mypyc would pay (issue 22's optional kernel).

Usage:
  python bench/compiled_kernel.py [--repeat 5] [--modules rules|hot] [--check-logs FILE]
                                  [--keep] [-- NONOGRAM_LINES_ARGS ...]

Copies this tree (no .git, no build products) beside the repository (so its ../shared/corpora
is the corpora), compiles the chosen modules there with mypyc (``rules``: the nine line-rule
modules of ``deduce/rules/nonogram``; ``hot``: scans, packing, forcing and simple only), then
runs ``bench/nonogram_lines.py`` in this tree (pure Python) and in the copy (compiled) in
turn, ``--repeat`` times each, and prints each set's median processor seconds on both sides
and their ratio. ``--check-logs FILE`` then hashes every small-file corpus log in the copy
against FILE (``bench/log_hashes.py --out FILE`` from a pure tree). The copy is removed after
unless ``--keep``. Needs mypy (its mypyc) and a C compiler; says so and stops without them.

Nothing here is part of deduce: the kernel was measured and rejected (bench/README.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = "deduce/rules/nonogram"
MODULES = {
    "rules": [
        f"{RULES}/{name}.py"
        for name in (
            "packing", "scans", "forcing", "simple", "lines", "sentences", "grid", "complete",
            "chain",
        )
    ],
    "hot": [f"{RULES}/{name}.py" for name in ("scans", "packing", "forcing", "simple")],
}  # fmt: skip
# setuptools' own setup() would read pyproject.toml, which an older setuptools may reject.
BUILD = """
import sys
from setuptools.dist import Distribution
from mypyc.build import mypycify
dist = Distribution({"name": "kernel", "ext_modules": mypycify(sys.argv[1:], opt_level="3")})
dist.script_args = ["build_ext", "--inplace"]
dist.parse_command_line()
dist.run_commands()
"""


def build(tree: Path, modules: list[str]) -> None:
    """Compile ``modules`` (paths relative to ``tree``) in place in ``tree``."""
    done = subprocess.run([sys.executable, "-c", BUILD, *modules], cwd=tree,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode:
        raise SystemExit(f"mypyc build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    if not compiled(tree):
        raise SystemExit("the copy still imports pure Python")


def compiled(tree: Path) -> bool:
    """Whether ``tree`` imports a compiled line-rule module."""
    probe = "import deduce.rules.nonogram.scans as m; print(m.__file__)"
    return not run(tree, ["-c", probe]).strip().endswith(".py")


def run(tree: Path, args: list[str]) -> str:
    """The output of ``python ARGS`` run in ``tree`` with it first on the path."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, *args], cwd=tree, env=env, check=True,
                          stdout=subprocess.PIPE, text=True)  # fmt: skip
    return done.stdout


def cpu_parts(output: str, into: dict[str, list[float]]) -> None:
    """Add the ``cpu LABEL SECONDS`` lines of ``output`` to ``into``."""
    for line in output.splitlines():
        words = line.split()
        if len(words) >= 3 and words[-3] == "cpu":
            into.setdefault(words[-2], []).append(float(words[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--modules", choices=sorted(MODULES), default="rules")
    parser.add_argument("--check-logs", metavar="FILE")
    parser.add_argument("--keep", action="store_true")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    extra = argv[cut + 1 :]
    if importlib.util.find_spec("mypyc") is None or not (shutil.which("cc") or shutil.which("gcc")):
        print("skipped: needs mypy's mypyc and a C compiler (pip install mypy)")
        return
    if compiled(ROOT):
        raise SystemExit(f"{ROOT} holds compiled modules: remove its .so files first")
    copy = ROOT.parent / f".compiled-kernel-{os.getpid()}"
    skip = shutil.ignore_patterns(".git", "__pycache__", "build", "*.so", "*.c", ".*cache")
    shutil.copytree(ROOT, copy, ignore=skip)
    try:
        build(copy, MODULES[args.modules])
        script = ["bench/nonogram_lines.py", *extra]
        parts: dict[str, dict[str, list[float]]] = {"pure": {}, "compiled": {}}
        for _ in range(args.repeat):
            cpu_parts(run(ROOT, script), parts["pure"])
            cpu_parts(run(copy, script), parts["compiled"])
        print(f"{args.modules} compiled, processor seconds, medians of {args.repeat}:")
        for label, pure in parts["pure"].items():
            p, c = statistics.median(pure), statistics.median(parts["compiled"][label])
            print(f"  {label}: pure {p:.4f} s, compiled {c:.4f} s; pure/compiled = {p / c:.2f}x")
        if args.check_logs:
            hashes = ["bench/log_hashes.py", "--compare", str(Path(args.check_logs).resolve())]
            try:
                run(copy, hashes)  # its verdict on stderr
            except subprocess.CalledProcessError:
                raise SystemExit("compiled, some logs changed") from None
            print("compiled, every log the same")
    finally:
        if not args.keep:
            shutil.rmtree(copy, ignore_errors=True)


if __name__ == "__main__":
    main()
