"""Which links Tatham's test settles on a grid, kept with the state and updated as it changes.

For every free tail (a cell not yet linked on) this keeps its *options*, the cells along its
arrow it may still lead to with the easiest reason that rules each out (``why_not``), and the
link they settle, if any, with the hardest reason needed (its *tier*); for every free head
(a cell nothing links to yet) the same from the cells pointing at it.

Simon Tatham's solver tests every cell again on every pass. Here a grid that changed only a
little is brought up to date by redoing the cells the change can reach: the tails whose
successors changed, the ends of every chain that changed, the cells pointing at those heads
and along those tails' arrows, and the chains beside the numbers written in (their gaps
changed). ``scratch`` computes the same from nothing; a test holds the two equal along
whole solves.
"""

from __future__ import annotations

from itertools import compress
from operator import ne

from deduce.errors import Contradiction
from deduce.puzzles.signpost.board import Board, board
from deduce.puzzles.signpost.model import Signpost, cell_name, predecessors
from deduce.state import State

#: Reasons a link is ruled out, easiest first; OPEN: none of Tatham's reasons applies.
ARROW, NUMBERS, LOOP, GAP, OPEN = 1, 2, 3, 4, 9
#: Where a state keeps its Settled.
KEY = "signpost.settled"

#: ``(a, x, reason)``: the link ``a → x`` (``x == n``: ``a`` is last) and why it is out.
Option = tuple[int, int, int]
#: ``(tier, a, x, ruled)``: the link ``a → x`` (``a == -1``: ``x`` is 1) settled at ``tier``
#: once the links in ``ruled`` are out.
Settle = tuple[int, int, int, tuple[Option, ...]]


def why_not(b: Board, a: int, x: int) -> int:
    """The easiest reason that rules out the link ``a`` → ``x`` (``x == n``: ``a`` is last) for
    a free tail ``a`` and a free head ``x`` along its arrow; OPEN when none does."""
    n = b.n
    num = b.num
    ka = num[a]
    if x == n:
        if ka:
            return OPEN if ka == n else NUMBERS
        return GAP if b.size[a] > b.free_before(n + 1) else OPEN
    kx = num[x]
    if ka:
        if kx:
            return OPEN if kx == ka + 1 else NUMBERS
        if b.where[ka + 1] != -1:
            return NUMBERS
    elif kx and b.where[kx - 1] != -1:
        return NUMBERS
    if b.end[a] == x:
        return LOOP
    if ka:
        return GAP if b.size[x] > b.free_after(ka) else OPEN
    if kx:
        return GAP if b.size[a] > b.free_before(kx) else OPEN
    return OPEN


def tail_options(b: Board, a: int, succ: int) -> tuple[Option, ...]:
    """``(a, x, why_not(b, a, x))`` for every ``x`` in the mask ``succ``, lowest first: the
    same reasons, with what depends on ``a`` alone worked out once (the settled links are
    redone on every change, and this is most of their cost)."""
    n, num, where = b.n, b.num, b.where
    ka = num[a]
    loop = b.end[a]
    if ka:
        taken = where[ka + 1] != -1  # the number after a's is elsewhere
        room = b.free_after(ka)
    else:
        room = b.size[a]
    out = []
    while succ:
        low = succ & -succ
        succ ^= low
        x = low.bit_length() - 1
        if x == n:
            out.append((a, x, why_not(b, a, x)))
            continue
        kx = num[x]
        if ka:
            if kx:
                r = OPEN if kx == ka + 1 else NUMBERS
            elif taken:
                r = NUMBERS
            elif x == loop:
                r = LOOP
            else:
                r = GAP if b.size[x] > room else OPEN
        elif kx:
            if where[kx - 1] != -1:
                r = NUMBERS
            elif x == loop:
                r = LOOP
            else:
                r = GAP if room > b.free_before(kx) else OPEN
        else:
            r = LOOP if x == loop else OPEN
        out.append((a, x, r))
    return tuple(out)


def settle(options: tuple[Option, ...], head: int = -1) -> Settle | None:
    """The link ``options`` settle and its tier, or None. For a tail (``head`` -1) no option
    left is a contradiction (None is returned: the caller says where); for a head (the cell
    ``head``) it means the head is 1 (``a == -1``)."""
    alive = None
    count = 0
    tier = ARROW
    for o in options:
        r = o[2]
        if r == OPEN:
            count += 1
            if count > 1:
                return None
            alive = o
        elif r > tier:
            tier = r
    if alive is None:
        if head == -1:
            return None
        return tier, -1, head, options
    if len(options) == 1:
        return ARROW, alive[0], alive[1], ()
    return tier, alive[0], alive[1], tuple(o for o in options if o is not alive)


class Settled:
    """The settled links of one grid (never changed once stored on a state).

    ``options[a]`` for a free tail ``a`` (else None); ``on[a]`` the link its options settle;
    ``into[x]`` the link the cells pointing at free head ``x`` settle; ``on_tier`` and
    ``in_tier`` their tiers (0: none), for finding the first of a tier fast. ``board`` and
    ``succ`` are the board and successor domains it was computed from.
    """

    __slots__ = (
        "board", "count", "ending", "in_tier", "into", "on", "on_tier", "options", "succ"
    )  # fmt: skip

    board: Board
    succ: list[int]
    options: list[tuple[Option, ...] | None]
    on: list[Settle | None]
    into: list[Settle | None]
    on_tier: list[int]
    in_tier: list[int]
    ending: Settle | None
    count: int

    def links(self) -> int:
        """How many links Tatham's test settles on this grid, by any reason (at least 1)."""
        if not hasattr(self, "count"):
            found = {(f[1], f[2]) for f in self.on if f is not None}
            found.update((f[1], f[2]) for f in self.into if f is not None)
            self.count = max(len(found), 1)
        return self.count

    def last(self, n: int) -> Settle | None:
        """The cell that must be last, when Tatham's test says so (None: not settled, or the
        last cell is known)."""
        if not hasattr(self, "ending"):
            self.ending = self._last(n)
        return self.ending

    def _last(self, n: int) -> Settle | None:
        b = self.board
        if b.where[n] != -1 or n in b.nxt:
            return None
        options = tuple(o for opts in self.options if opts for o in opts if o[1] == n)
        if not options:
            raise Contradiction("no cell can be the last one")
        found = settle(options)
        if found is None and all(o[2] != OPEN for o in options):
            raise Contradiction("no cell can be the last one")
        return found


def settled(state: State[Signpost]) -> Settled:
    """The Settled of ``state``: kept on it, brought up to date when the grid changed."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    b = board(state)
    succ = state.domains[n:]
    old: Settled | None = state.extra.get(KEY)
    if old is not None and old.board is b and old.succ == succ:
        return old
    found = scratch(state) if old is None else _update(state, old, b, succ)
    state.extra[KEY] = found
    return found


def scratch(state: State[Signpost]) -> Settled:
    """The Settled of ``state`` computed from nothing."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    s = Settled()
    s.board = board(state)
    s.succ = state.domains[n:]
    s.options = [None] * n
    s.on = [None] * n
    s.into = [None] * n
    s.on_tier = [0] * n
    s.in_tier = [0] * n
    for a in range(n):
        _tail(puzzle, s, a)
    preds = predecessors(puzzle)
    for x in range(n):
        _head(s, x, preds[x])
    return s


def _tail(puzzle: Signpost, s: Settled, a: int) -> None:
    b = s.board
    if b.nxt[a] != -1:
        s.options[a] = s.on[a] = None
        s.on_tier[a] = 0
        return
    options = tail_options(b, a, s.succ[a])
    found = settle(options)
    if found is None and all(o[2] != OPEN for o in options):
        raise Contradiction(f"{cell_name(puzzle, a)} has no cell it can lead to")
    s.options[a] = options
    s.on[a] = found
    s.on_tier[a] = found[0] if found else 0


def _head(s: Settled, x: int, preds: tuple[int, ...]) -> None:
    b = s.board
    if b.prv[x] != -1 or b.num[x] == 1:
        s.into[x] = None
        s.in_tier[x] = 0
        return
    options = []
    for p in preds:
        opts = s.options[p]
        if opts:
            for o in opts:
                if o[1] == x:
                    options.append(o)
                    break
    found = settle(tuple(options), x)
    if found is not None and found[1] != -1 and b.where[1] == -1 and not b.num[x]:
        found = None  # one cell can lead to it, but it may be 1, which needs none
    s.into[x] = found
    s.in_tier[x] = found[0] if found else 0


def _update(state: State[Signpost], old: Settled, b: Board, succ: list[int]) -> Settled:
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    s = Settled()
    s.board, s.succ = b, succ
    s.options, s.on, s.into = old.options.copy(), old.on.copy(), old.into.copy()
    s.on_tier, s.in_tier = old.on_tier.copy(), old.in_tier.copy()
    tails: set[int] = set()
    heads: set[int] = set()
    if old.succ != succ:
        tails.update(compress(range(n), map(ne, old.succ, succ)))
    ob = old.board
    if ob is not b:
        _board_changes(puzzle, ob, b, succ, tails, heads)
    options = s.options
    for a in tails:
        before = options[a]
        _tail(puzzle, s, a)
        after = options[a]
        if before != after:
            changed = set(before or ()) ^ set(after or ())
            heads.update(o[1] for o in changed)
    heads.discard(n)
    preds = predecessors(puzzle)
    for x in heads:
        _head(s, x, preds[x])
    return s


def _touched(ob: Board, b: Board) -> set[int]:
    """The cells whose link or number differs between ``ob`` and ``b``."""
    touched: set[int] = set()
    cur: Board | None = b
    while cur is not None and cur is not ob:
        touched.update(cur.touched)
        cur = cur.parent
    if cur is ob:
        return touched
    return {  # not made from ``ob``: compare them whole
        c
        for c in range(b.n)
        if b.nxt[c] != ob.nxt[c] or b.prv[c] != ob.prv[c] or b.num[c] != ob.num[c]
    }


def _board_changes(
    puzzle: Signpost, ob: Board, b: Board, succ: list[int], tails: set[int], heads: set[int]
) -> None:
    """Add to ``tails`` and ``heads`` the cells whose options the board's changes can reach."""
    n = puzzle.n
    preds = predecessors(puzzle)
    touched = _touched(ob, b)
    tails.update(touched)
    heads.update(touched)
    prv, end = b.prv, b.end
    done: set[int] = set()
    for c in touched:
        while prv[c] != -1 and c not in done:
            done.add(c)
            c = prv[c]
        if c in done:
            continue
        done.add(c)
        tails.add(end[c])
        tails.update(preds[c])
    where, old_where = b.where, ob.where
    if where[1] != old_where[1]:  # a head that may no longer be 1 can be settled from its sources
        heads.update(range(n))
    fresh = sorted(b.num[c] for c in touched if b.num[c] != ob.num[c])
    for i, k in enumerate(fresh):
        if i == 0 or fresh[i - 1] != k - 1:  # a run of new numbers starts: below it
            j = k - 1
            while j >= 1 and (where[j] == -1 or old_where[j] == -1):
                j -= 1
            if j >= 1:
                tails.add(where[j])
        if i + 1 == len(fresh) or fresh[i + 1] != k + 1:  # a run ends: above it
            j = k + 1
            while j <= n and (where[j] == -1 or old_where[j] == -1):
                j += 1
            if j <= n:
                tails.update(preds[where[j]])
            else:  # the free numbers at the top changed: so did every chance of being last
                top = 1 << n
                tails.update(a for a in range(n) if succ[a] & top)


def choose_guess(state: State[Signpost]) -> tuple[int, int] | None:
    """Search's next guess: a link from the free tail with the fewest links Tatham's test
    leaves open (a player tries the cell with the fewest ways on), its first open one."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    best: tuple[int, int] | None = None
    fewest = n + 2
    for a, options in enumerate(settled(state).options):
        if not options:
            continue
        open_ = [o[1] for o in options if o[2] == OPEN]
        if 1 < len(open_) < fewest:
            best, fewest = (n + a, open_[0]), len(open_)
            if fewest == 2:
                break
    if best is None:  # every free tail is settled or stuck: any value left will do
        for var in range(n, 2 * n):
            d = state.domains[var]
            if d & (d - 1):
                return var, (d & -d).bit_length() - 1
    return best
