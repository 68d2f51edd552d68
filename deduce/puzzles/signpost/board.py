"""What a player has drawn on a Signpost grid: the links made and the numbers written in.

A ``Board`` is derived from the placements of a state alone (a successor written in is a link,
a number written in is a number), so it changes only when a placement is applied: the family's
``on_place`` hook updates it then, as Simon Tatham's solver keeps its links and regions beside
the grid instead of finding them again at every step. The rules read chains (runs of linked
cells), their ends and sizes, and which cell holds which number from it in constant time.

A state's copy shares its Board (``State.extra`` is copied shallowly), so a Board is never
changed in place: every update builds a new one (copying a few lists of ints, which costs
far less than walking the chains again).

``on_place`` also does the bookkeeping a player does without a second thought, on the
domains: a cell that gains a predecessor can follow no other cell, only one cell is last, the
cell of 1 follows nothing, the cell of N leads nowhere. A placement that breaks the grid (a
second predecessor, a loop, two cells with one number) raises Contradiction.
"""

from __future__ import annotations

from deduce.errors import Contradiction
from deduce.puzzles.signpost.model import Signpost, cell_name, predecessors
from deduce.state import State

#: Where a state keeps its Board.
KEY = "signpost.board"


class Board:
    """Links and placed numbers of one grid (never changed once stored on a state).

    ``nxt[c]`` is the cell ``c`` links to (``n`` when ``c`` is the last cell, -1 when not
    linked); ``prv[c]`` the cell linking to ``c`` (-1 when none); for a cell that ends a chain
    (its head or its tail; a lone cell is both), ``end[c]`` is the chain's other end and
    ``size[c]`` its number of cells (other cells' entries are stale); ``num[c]`` the number
    written in ``c`` (0 when none) and ``where[k]`` the cell holding ``k`` (-1 when none, for
    ``k`` in 0..n+1); ``placed`` the bitmask of numbers written in; ``loose`` how many links
    join a numbered cell to one without a number (a link to "last" counts when its cell does
    not hold n yet): while it is not 0, some chain is numbered only in part.

    ``parent`` is the board this one was made from and ``touched`` the cells whose link or
    number differs from it (a link touches both its cells), so that what depends on a board
    can be brought up to date by looking only at what changed (None for a fresh board).
    """

    __slots__ = (
        "end", "loose", "n", "num", "nxt", "parent", "placed", "prv", "size", "touched", "where"
    )  # fmt: skip

    def __init__(self, n: int) -> None:
        self.n = n
        self.nxt = [-1] * n
        self.prv = [-1] * n
        self.end = list(range(n))
        self.size = [1] * n
        self.num = [0] * n
        self.where = [-1] * (n + 2)
        self.placed = 0
        self.loose = 0
        self.parent: Board | None = None
        self.touched: tuple[int, ...] = ()

    def _copy(self, touched: tuple[int, ...]) -> Board:
        other = Board.__new__(Board)
        other.n = self.n
        other.nxt = self.nxt
        other.prv = self.prv
        other.end = self.end
        other.size = self.size
        other.num = self.num
        other.where = self.where
        other.placed = self.placed
        other.loose = self.loose
        other.parent = self
        other.touched = touched
        return other

    def head(self, cell: int) -> int:
        """The first cell of the chain through ``cell`` (walks back: use at chain ends)."""
        prv = self.prv
        while prv[cell] != -1:
            cell = prv[cell]
        return cell

    def chain(self, head: int) -> list[int]:
        """The cells of the chain that starts at ``head``, in order."""
        out = [head]
        nxt, n = self.nxt, self.n
        cell = nxt[head]
        while 0 <= cell < n:
            out.append(cell)
            cell = nxt[cell]
        return out

    def linked(self, puzzle: Signpost, a: int, b: int) -> Board:
        """The board with the link ``a`` → ``b`` (``b == n``: ``a`` is last) drawn."""
        if self.nxt[a] != -1:
            raise Contradiction(f"{cell_name(puzzle, a)} already leads on")
        other = self._copy((a,) if b == self.n else (a, b))
        other.nxt = nxt = self.nxt.copy()
        nxt[a] = b
        if b == self.n:
            other.loose += self.num[a] == 0
            return other
        if self.prv[b] != -1:
            raise Contradiction(
                f"{cell_name(puzzle, self.prv[b])} and {cell_name(puzzle, a)} both lead to "
                f"{cell_name(puzzle, b)}"
            )
        if self.end[a] == b:
            raise Contradiction(
                f"the link {cell_name(puzzle, a)} → {cell_name(puzzle, b)} closes a loop"
            )
        ka, kb = self.num[a], self.num[b]
        if ka and kb and kb != ka + 1:
            raise Contradiction(
                f"{cell_name(puzzle, a)} holds {ka} and {cell_name(puzzle, b)} holds {kb}: "
                "they cannot be linked"
            )
        other.loose += (ka == 0) != (kb == 0)
        other.prv = prv = self.prv.copy()
        prv[b] = a
        other.end = end = self.end.copy()
        other.size = size = self.size.copy()
        head, tail = end[a], end[b]
        end[head], end[tail] = tail, head
        size[head] = size[tail] = size[a] + size[b]
        return other

    def numbered(self, puzzle: Signpost, cell: int, k: int) -> Board:
        """The board with ``k`` written in ``cell``."""
        if self.where[k] not in (-1, cell):
            raise Contradiction(
                f"{cell_name(puzzle, self.where[k])} and {cell_name(puzzle, cell)} both hold {k}"
            )
        other = self._copy((cell,))
        other.num = num = self.num.copy()
        other.where = where = self.where.copy()
        num[cell] = k
        where[k] = cell
        other.placed = self.placed | 1 << k
        before, after = self.prv[cell], self.nxt[cell]
        if before != -1:
            other.loose += -1 if num[before] else 1
        if after == self.n:
            other.loose -= 1
        elif after != -1:
            other.loose += -1 if num[after] else 1
        return other

    def free_after(self, k: int) -> int:
        """How many numbers after ``k`` are free (not written in) before the next written one."""
        where, n = self.where, self.n
        j = k + 1
        while j <= n and where[j] == -1:
            j += 1
        return j - k - 1

    def free_before(self, k: int) -> int:
        """How many numbers before ``k`` are free before the previous written one."""
        where = self.where
        j = k - 1
        while j >= 1 and where[j] == -1:
            j -= 1
        return k - j - 1


def board(state: State[Signpost]) -> Board:
    """The Board of ``state`` (kept on it by ``on_place``)."""
    return state.extra[KEY]  # type: ignore[no-any-return]


def start(state: State[Signpost]) -> None:
    """Write the givens' board on a fresh state, with the bookkeeping they imply."""
    puzzle: Signpost = state.puzzle
    state.extra[KEY] = Board(puzzle.n)
    for cell, k in enumerate(puzzle.givens):
        if k:
            on_place(state, cell, k)


def on_place(state: State[Signpost], var: int, value: int) -> None:
    """Draw a placement on the board and do the bookkeeping it implies (see the module)."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    domains = state.domains
    b: Board = state.extra[KEY]
    if var >= n:
        a = var - n
        state.extra[KEY] = b.linked(puzzle, a, value)
        if value == n:
            _drop_everywhere(state, n, a, "the last cell")
        else:
            bit = 1 << value
            for p in predecessors(puzzle)[value]:
                if p != a and domains[n + p] & bit:
                    _drop(state, n + p, bit, f"{cell_name(puzzle, value)} already follows "
                          f"{cell_name(puzzle, a)}")  # fmt: skip
        return
    state.extra[KEY] = b.numbered(puzzle, var, value)
    if value == 1:
        bit = 1 << var
        for p in predecessors(puzzle)[var]:
            if domains[n + p] & bit:
                _drop(state, n + p, bit, f"{cell_name(puzzle, var)} holds 1")
    elif value == n and not state.fixed[n + var]:
        _drop(state, n + var, ~(1 << n), f"it holds {n}")
        state.fixed[n + var] = True
        state.note(n + var, 0)
        on_place(state, n + var, n)


def _drop(state: State[Signpost], var: int, mask: int, why: str) -> None:
    d = state.domains[var] & ~mask
    if not d:
        puzzle: Signpost = state.puzzle
        raise Contradiction(f"{cell_name(puzzle, var - puzzle.n)} has nowhere to lead ({why})")
    if d != state.domains[var]:
        state.note(var, state.domains[var] & mask)
        state.domains[var] = d


def _drop_everywhere(state: State[Signpost], n: int, last: int, why: str) -> None:
    end = 1 << n
    domains = state.domains
    for cell in range(n):
        if cell != last and domains[n + cell] & end:
            _drop(state, n + cell, end, why)


def initial_state(puzzle: Signpost) -> State[Signpost]:
    """Numbers: anything, or the given; successors: the cells along the arrow, or none (the
    last cell); the givens drawn on the board."""
    n = puzzle.n
    all_numbers = ((1 << n) - 1) << 1
    domains = []
    for cell in range(n):
        g = puzzle.givens[cell]
        domains.append(1 << g if g else all_numbers)
    for cell in range(n):
        mask = sum(1 << other for other in puzzle.along(cell)) | (1 << n)
        domains.append(mask)
    state: State[Signpost] = State(puzzle, domains)
    for cell in range(n):
        state.fixed[cell] = bool(puzzle.givens[cell])
    start(state)
    return state


def is_solved(state: State[Signpost]) -> bool:
    """Whether every number is written in: then the player is done.

    The links follow from the numbers (the successor of k's cell is k+1's cell), so they are
    written in here without a step of their own; a link the rules had already ruled out
    raises Contradiction.
    """
    b: Board = state.extra[KEY]
    n = b.n
    if b.placed != ((1 << n) - 1) << 1:
        return False
    puzzle: Signpost = state.puzzle
    where = b.where
    for k in range(1, n + 1):
        cell = where[k]
        after = 1 << where[k + 1] if k < n else 1 << n
        state.restrict(
            n + cell,
            after,
            f"{cell_name(puzzle, cell)} cannot lead to the cell of {k + 1}"
            if k < n
            else f"{cell_name(puzzle, cell)} holds the last number but must lead on",
        )
    return True
