"""New Sudoku puzzles, made the way Eppstein's paper makes them (section 3.6).

Fill: pick a random undecided cell and one of its candidates (uniformly among all such
(cell, digit) pairs, as his PADS ``Sudoku.py`` does), place it, propagate with the simplest
rules; then the same for the cell's partner under a half-turn of the grid (a random
candidate of it, or its digit when propagation already decided it). Repeat until the
propagation has decided every cell; on a contradiction start again from an empty grid. The
chosen cells are then givens that the simplest rules alone solve, so the solution is unique.

Prune: in the order they were added, try emptying each symmetric pair; keep it empty when
search (counting to two) still finds exactly one solution. The result is minimal up to
symmetry: every given is needed for uniqueness or for the symmetry of the given cells.

Toward a level: a candidate below the level asked for is changed, clue by clue, until its
grade reaches it (``harden``); a level no puzzle of the size can have is refused up front.

Sudoku-X (``generate_x``): the same fill (its propagation sees the diagonals, and their hidden
single is one of its rules), prune and search on the X grid, so every puzzle is unique as an
X puzzle; toward a level, clues are given as well as changed (``deduce.puzzles.sudoku.toward``),
minimal X puzzles being harder than plain ones.

Candidate ``k`` of a seed depends only on the seed and ``k`` (it has its own random stream),
so ``bench/sudoku_experiment.py`` can share the candidates among processes and still get
exactly the puzzles ``deduce generate sudoku --seed S`` prints.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from functools import partial
from types import MappingProxyType

from deduce.engine import apply_step, propagate
from deduce.errors import Contradiction, ParseError
from deduce.family import Family
from deduce.puzzles.generating import Wanted, generator, kept, solve, square_side, try_random
from deduce.puzzles.sudoku.geometry import DIAGONAL_SINGLE, crossed
from deduce.puzzles.sudoku.harden import harden
from deduce.puzzles.sudoku.model import Geometry, Sudoku, box_shape, geometry, initial_state
from deduce.puzzles.sudoku.toward import toward
from deduce.rule import Rule
from deduce.search import search
from deduce.solving import Result
from deduce.state import State, bits
from deduce.step import Step

#: The "simplest rules" that propagate the fill: our counterparts of the rules PADS runs at
#: its two lowest levels (locate, eliminate, align, pair, triad). Triad (three digits locked
#: in a box-line intersection) is what pointing/claiming followed by a hidden triple finds.
FILL_RULE_NAMES: tuple[str, ...] = (
    "hidden single (box)",
    "hidden single (row)",
    "hidden single (column)",
    "naked single",
    "pointing",
    "claiming",
    "hidden pair",
    "hidden triple",
)

#: Search nodes allowed to prove one pruning step unique. Past the budget the pair stays
#: (only removals proven safe are made). Measured: 9x9 needs at most 89 nodes (200 puzzles),
#: 12x12 a few hundred; 16x16 a few thousand.
NODE_BUDGET = 20_000

#: The node budget above ``RESTART_UP_TO``: a 25x25 step that is not proven within 10 nodes
#: almost never is within thousands, and each of those costs seconds (measured, seeds 7 and
#: 8: 3 s and 291, 286 givens with 10 nodes; 11 s and 285, 298 with 50; 175 s and 287
#: with no bound). Search there propagates with singles only.
LARGE_NODE_BUDGET = 10

#: Up to this side, search propagates with singles only (the family's search rules), which
#: is fastest there; above it the fill rules, which decide 16x16 in far fewer nodes (measured:
#: 12x12 prunes in 0.29 s with singles, 0.70 s with the fill rules; 16x16 in 15 s with the
#: fill rules, 30 s with singles and some steps undecided within 5,000 nodes).
SINGLES_SEARCH_UP_TO = 12

#: Up to this side the fill places any candidates and starts again on a contradiction
#: (Eppstein's way); above it, a 25x25 fill met one in every attempt (9 attempts of about
#: 4 s each, none finished, in 40 s), so the digits are taken from a random solution grid.
RESTART_UP_TO = 16

#: The largest side of a Sudoku-X made: above ``RESTART_UP_TO`` the fill takes its digits
#: from a pattern grid (``random_grid``), which is no X grid.
X_SIDES = RESTART_UP_TO


def fill_rules(
    family: Family[Sudoku], renamed: Mapping[str, str] = MappingProxyType({})
) -> tuple[Rule, ...]:
    """The family's rules named in FILL_RULE_NAMES, easiest first, and an X family's
    diagonal single; ``renamed`` gives the name a family shows one of them under (a jigsaw's
    box single is its region's)."""
    names = {renamed.get(name, name) for name in FILL_RULE_NAMES}
    rules = tuple(r for r in family.rules if r.name in names or r.name == DIAGONAL_SINGLE)
    missing = names - {r.name for r in rules}
    if missing:
        raise LookupError(f"Sudoku fill rules not found: {', '.join(sorted(missing))}")
    return rules


def parse_size(size: str | None) -> Geometry:
    """The geometry for ``"9x9"`` or ``"9"`` (default 9x9); boxes as the parser draws them."""
    n = square_side(
        size, 9, range(4, 26), "a Sudoku is square, e.g. 4x4, 6x6, 9x9 or 16x16",
        "the side must be 4 to 25",
    )  # fmt: skip
    return geometry(*box_shape(n))


def _place(family: Family[Sudoku], state: State[Sudoku], cell: int, digit: int) -> None:
    apply_step(family, state, Step("given", "", placements=((cell, digit),)))


def fill(
    family: Family[Sudoku],
    geo: Geometry,
    rng: random.Random,
    rules: tuple[Rule, ...],
    grid: list[int] | None = None,
) -> list[tuple[tuple[int, int], ...]]:
    """Symmetric pairs of givens, in the order chosen, that ``rules`` alone solve.

    Each pair is ``((cell, digit), (partner, digit))``, or one entry for the centre cell of an
    odd grid. The digits are those of ``grid`` when one is given (a solution grid: no
    contradiction can then arise). Otherwise, up to ``RESTART_UP_TO`` the digits are any
    candidates, and a contradiction starts again from an empty grid; above it they are those
    of a random solution grid (``random_grid``).
    """
    last = geo.n * geo.n - 1
    empty = initial_state(Sudoku(geo, (0,) * (last + 1)))
    if grid is None and geo.n > RESTART_UP_TO:
        grid = random_grid(geo, rng)
    while True:
        state = empty.copy()
        pairs: list[tuple[tuple[int, int], ...]] = []
        try:
            while not all(state.fixed):
                pairs.append(_add_pair(family, state, rng, rules, grid))
        except Contradiction:
            continue
        return pairs


def random_grid(geo: Geometry, rng: random.Random) -> list[int]:
    """A random solution grid (the digit of every cell): the pattern grid whose row ``r`` is
    shifted ``box_w * (r % box_h) + r // box_h``, its digits relabelled, its bands, the rows
    in each band, its stacks and the columns in each stack shuffled."""
    n, w, h = geo.n, geo.box_w, geo.box_h
    digits = rng.sample(range(1, n + 1), n)
    rows = [
        band * h + r for band in rng.sample(range(n // h), n // h) for r in rng.sample(range(h), h)
    ]
    cols = [
        stack * w + c
        for stack in rng.sample(range(n // w), n // w)
        for c in rng.sample(range(w), w)
    ]
    return [digits[(w * (r % h) + r // h + c) % n] for r in rows for c in cols]


def _add_pair(
    family: Family[Sudoku],
    state: State[Sudoku],
    rng: random.Random,
    rules: tuple[Rule, ...],
    grid: list[int] | None,
) -> tuple[tuple[int, int], ...]:
    """Place a random candidate (the cell's digit of ``grid``, when given), then one of its
    partner's under a half-turn, propagating after each."""
    cell, digit = _random_candidate(state, rng)
    if grid is not None:
        digit = grid[cell]
    _place(family, state, cell, digit)
    propagate(family, state, None, rules)
    partner = len(state.domains) - 1 - cell
    if partner == cell:
        return ((cell, digit),)
    other = rng.choice(list(bits(state.domains[partner]))) if grid is None else grid[partner]
    _place(family, state, partner, other)
    propagate(family, state, None, rules)
    return ((cell, digit), (partner, other))


def _random_candidate(state: State[Sudoku], rng: random.Random) -> tuple[int, int]:
    """A (cell, digit) drawn uniformly among the candidates of the undecided cells: what
    ``rng.choice`` of their list gives (the same draw), without building the list."""
    counts = [dom.bit_count() if dom & (dom - 1) else 0 for dom in state.domains]
    index = rng.randrange(sum(counts))
    for cell, count in enumerate(counts):
        if index < count:
            return cell, list(bits(state.domains[cell]))[index]
        index -= count
    raise AssertionError("the draw is below the count")


def has_one_solution(
    family: Family[Sudoku],
    geo: Geometry,
    givens: dict[int, int],
    budget: int = NODE_BUDGET,
    rules: tuple[Rule, ...] | None = None,
) -> bool:
    """Whether the givens have exactly one solution, proven by search within ``budget`` nodes.

    ``rules`` are what search propagates with at each node (default: the family's).
    """
    puzzle = Sudoku(geo, tuple(givens.get(c, 0) for c in range(geo.n * geo.n)))
    try:
        state = initial_state(puzzle)
    except Contradiction:
        return False
    found = search(family, state, None, limit=2, rules=rules, max_nodes=budget)
    return found.complete and len(found.solutions) == 1


def prune(
    family: Family[Sudoku], geo: Geometry, pairs: list[tuple[tuple[int, int], ...]]
) -> dict[int, int]:
    """The givens left after emptying, in order, every pair whose removal is proven to keep
    one solution (within ``NODE_BUDGET`` search nodes, ``LARGE_NODE_BUDGET`` above 16x16)."""
    large = geo.n > RESTART_UP_TO
    rules = None if geo.n <= SINGLES_SEARCH_UP_TO or large else fill_rules(family)
    budget = LARGE_NODE_BUDGET if large else NODE_BUDGET
    givens = {cell: digit for pair in pairs for cell, digit in pair}
    for pair in pairs:
        emptied = {cell for cell, _ in pair}
        trial = {c: d for c, d in givens.items() if c not in emptied}
        if has_one_solution(family, geo, trial, budget, rules):
            givens = trial
    return givens


def written(family: Family[Sudoku], form: str, geo: Geometry, givens: dict[int, int]) -> str:
    """The family's text (``family.format``, in ``form``) of the grid ``geo`` with ``givens``:
    an X family's carries its flag."""
    return family.format(Sudoku(geo, tuple(givens.get(c, 0) for c in range(geo.n * geo.n)), form))


def make(family: Family[Sudoku], geo: Geometry, rng: random.Random) -> str:
    """A new puzzle in the one-line form (fill, then prune), drawn with ``rng``."""
    pairs = fill(family, geo, rng, fill_rules(family))
    return written(family, "line", geo, prune(family, geo, pairs))


def candidate(family: Family[Sudoku], seed: int, index: int, size: str | None = None) -> str:
    """Candidate ``index`` of ``seed``: what ``deduce generate sudoku --seed SEED`` makes at
    its try ``index``."""
    return make(family, parse_size(size), try_random(family.name, seed, index))


@generator
def generate(
    family: Family[Sudoku], wanted: Wanted, stats: dict[str, int] | None = None
) -> Iterator[str]:
    """Yield ``wanted.count`` Sudoku puzzles (one-line form), of grade level
    ``wanted.difficulty`` if given.

    Every puzzle has exactly one solution. A candidate below the level asked for is worked
    toward it (``harden``); one above it is dropped. ``stats["tried"]`` counts the candidates
    made; the generator stops after ``max_tries`` of them, so asking for a level it never
    reaches ends. Raises ParseError for a bad size, or a level no puzzle of the size has.
    """
    difficulty = wanted.difficulty
    geo = parse_size(wanted.size)  # a bad size fails before any work
    if difficulty:
        refuse_impossible(family, geo, difficulty)
    levels = family.levels

    def one(rng: random.Random) -> tuple[str, Result | None] | None:
        text = make(family, geo, rng)
        if not difficulty:
            return text, None
        result = solve(text, family)
        if levels.index(result.effort.level) < levels.index(difficulty):
            return harden(family, geo, text, result, difficulty, rng)
        return text, result

    return kept(one, family, wanted, stats)


@generator
def generate_x(
    family: Family[Sudoku], wanted: Wanted, stats: dict[str, int] | None = None
) -> Iterator[str]:
    """Yield ``wanted.count`` Sudoku-X puzzles (the one-line form with its X flag), of grade
    level ``wanted.difficulty`` if given, each with one solution on the X grid. A candidate
    above the level is given clues, one below it changed, until it is at the level (see the
    module). ParseError for a bad size or one above ``X_SIDES``."""
    geo = crossed(parse_size(wanted.size))  # a bad size fails before any work
    if geo.n > X_SIDES:
        raise ParseError(f"bad size {wanted.size!r}: a Sudoku-X is made 4x4 to {X_SIDES}x{X_SIDES}")
    write = partial(written, family, "line")

    def one(rng: random.Random) -> tuple[str, Result | None] | None:
        return toward(family, make(family, geo, rng), wanted.difficulty, rng, write)

    return kept(one, family, wanted, stats)


#: The levels puzzles of a side can reach, where that is known to be fewer than all. 4x4:
#: singles solve every puzzle (bench/sudoku_levels_4x4.py grades every clue set with one
#: solution of one grid of each of the two classes of 4x4 grids: 91,428 puzzles, all easy).
REACHABLE = {4: ("easy",)}


def refuse_impossible(family: Family[Sudoku], geo: Geometry, level: str) -> None:
    """ParseError when no puzzle of ``geo``'s size has grade ``level``."""
    reachable = REACHABLE.get(geo.n)
    if reachable is not None and level not in reachable:
        raise ParseError(
            f"sudoku {geo.n}x{geo.n} has no {level} puzzles: singles solve every "
            f"{geo.n}x{geo.n} puzzle (levels there: {', '.join(reachable)})"
        )
