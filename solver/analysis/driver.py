"""The one search driver over the two kernels (the specialised 2-player scoperta kernel and
the general kernel of every other game): it builds a position's kernel context, keeps the
transposition tables between calls (in a Workspace, which an engine owns), spends a
deadline in node-budget slices (so a time limit and Ctrl-C are honoured between slices),
runs big positions' cards on threads, turns scaled integers into fractions, follows the
principal line with null-window tests and assembles the exact Analysis.

What differs between the kernels (the context slots, the call, the table sizes, whether
threads pay) is said once, in a small kernel adapter per kernel.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import NamedTuple

import numpy as np
from numba.core import event

from solver.errors import BriscolaError
from solver.analysis import progress
from solver.analysis.threads import SERIAL, Pool, check_stop
from solver.analysis.result import Analysis, MoveValue
from solver.analysis.scoped import Scoped
from solver import settings
from solver.cards import POINTS, Card
from solver.search import context, depth, general, leaf, scoperta
from solver.search.bits import FACT
from solver.search.context import INF, S_ABORT, S_GRANT, S_LIMIT, S_NODES, S_STOP
from solver.search.table import TT_COLS, Generations, new_table, on_cache_lines

#: the table's megabytes unless BRISCOLA_TT_MB (solver.settings) gives them
DEFAULT_TT_MB = 512
#: the default table of searches from talon 14 up, at most a quarter of the memory: 512 MB
#: is what limits them (one fixed talon-14 position: not done in 240 s with 512 MB, 156 s
#: and 850 M nodes with 2 GB, 108 s and 530 M with 4 GB, 112 s and 522 M with 8 GB)
BIG_TALON, BIG_TALON_TT_MB = 14, 4096
#: the most search threads BRISCOLA_THREADS, or the CPU count, gives
MAX_THREADS = 8
#: Star2 probing at chance nodes with at most this many unseen cards (0 turns it off), in
#: searches from a talon of at most STAR2_TALON: measured faster at talon 8 (interleaved
#: A/B 0.83-0.91x, 5-7 % fewer nodes), not at talon 10 (0.99x fixed set, 1.13x fresh set);
#: BRISCOLA_STAR2 (solver.settings) replaces it
STAR2 = 16
#: clairvoyant searches read a trick's second card's children's entries for a cut first
#: (enhanced transposition cutoff) at nodes with at least this many cards alive. From the
#: deal: 38 % fewer nodes, 0.78 of the time; with chance nodes it cut 21 % of the nodes
#: (mostly first children the table would have cut anyway) at 1.04-1.09 of the time, and
#: below 12 cards alive the reads cost more than they save (interleaved, one thread).
ETC_ALIVE = 12
#: chance nodes with at most this many unseen cards are searched in the full window, so
#: their entries hold exact values (see solver/search/scoperta.py)
EXACT_CHANCE_UNSEEN = 2
STAR2_TALON = 8
#: from this talon up (searches with chance nodes) the threads search the cards one at a
#: time, all on the same card, instead of a card each: the next card then starts from the
#: whole table of the one before. Two threads, interleaved with the card-each split, an
#: empty table each: talon 10 0.88 and 0.94 of the time (24 fresh positions), talon 12
#: 0.97 and 0.94 (12; the split's worst took 11.4 s against 6.1 s, its threads duplicating
#: 30 M nodes), talon 8 1.00 (30)
SHARED_CARD_TALON = 10
#: threads on one card split its work at the chance nodes of its first SPLIT_DRAWS draws:
#: each outcome there is a unit one thread searches while the others take other outcomes
#: (scoperta.py's docstring, Search.thread_contexts). Two draws give talon 12 a work/span
#: of 57 (bench_scale.py: Brent's bound promises 12.5x on 16 cores, lockstep measured
#: 15.9x); a third draw's units are small and their bookkeeping is paid at each of them.
#: Up to FEW_THREADS threads split the first draw only: its outcomes keep two busy, and the
#: second draw's bookkeeping cost 2 cores 2.5 % (talon 10, 24 fresh positions, wall clock
#: against the search before the split points: 1.025 with two draws, 1.001 with one)
SPLIT_DRAWS = 2
FEW_THREADS = 2
#: table megabytes a scoperta search of this talon size can use (more only costs page
#: zeroing: a fresh process touches every page of a big table even for a search of 100,000
#: nodes). Talon 8 measured 7-9 % faster with 4 MB than with 64 MB (same nodes, fewer cache
#: and TLB misses); talon 10 is the same from 32 to 128 MB, and doubles its nodes at 8 MB.
TABLE_MB_BY_TALON = {0: 0.25, 2: 0.25, 4: 2, 6: 16, 8: 4, 10: 128}
CLAIRVOYANT_TABLE_MB = 16
GENERAL_TT_BUCKETS = 1 << 20  # 64 MB, four entries a bucket

#: searches from this talon find the children's table slots at a trick's second card:
#: they prefetch the buckets, read the entries there and hand the slots to the children
#: (one thread, position by position: talon 10 0.94, talon 12 0.91; at talon 8, since the
#: children take the slots, 0.92-0.96, where the prefetch alone had cost 1.14). Clairvoyant
#: searches do not (PREFETCH_CLAIR_TALON): from the deal they took 1.14 with the prefetch
#: and 0.86-1.19 with the reads
PREFETCH_TALON = 8
PREFETCH_CLAIR_TALON = 99


class Workspace:
    """What searches keep between calls: the transposition tables (by kernel and size), the
    latest scoperta table with chance nodes (the same deal further on reuses it), the table
    generations and age stamps, the scratch rows of each thread, the pool of search
    threads, and the table size, thread count and Star2 limit they use. One per engine
    (solver.analysis.engine), so concurrent engines never share a table. What is not given
    comes from the environment (solver.settings), read here: a bad value is refused when an
    engine is made, as the user's error, not when the module is imported."""

    def __init__(self, tt_mb: int | None = None, threads: int | None = None):
        if tt_mb is None:
            tt_mb = settings.tt_mb()
        if threads is None:
            threads = min(settings.threads() or os.cpu_count() or 1, MAX_THREADS)
        star2 = settings.star2()
        self.star2 = STAR2 if star2 is None else star2
        self.tt_mb = DEFAULT_TT_MB
        self.tt_mb_chosen = False
        self.big_share: int | None = None
        self.threads = 1
        self.tables: dict[int, np.ndarray] = {}  # the scoperta kernel's, by bucket count
        self.general_tables: dict[int, np.ndarray] = {}  # the general kernel's (another key layout)
        self.generations = Generations(self.tables)
        self.general_generations = Generations(self.general_tables)
        self.last: tuple[int, np.ndarray | None] = (0, None)  # talon and table of the latest
        self.epoch = 0  # scoperta search with chance nodes
        self.scratch = threading.local()
        #: each kind of search's nodes a second on one thread (Search.pace), as its latest
        #: slice ran here: a search with a deadline sizes its last slice by it (Search._rate)
        self.rates: dict[object, float] = {}
        self.pool = Pool()
        self.lock = threading.Lock()
        self.configure(tt_mb, threads)

    def configure(
        self, tt_mb: int | None = None, threads: int | None = None, big_share: int | None = None
    ) -> None:
        """Table megabytes and search threads for the searches from now on (a size given is
        kept at every talon, unless ``big_share``: searches from talon BIG_TALON up still
        grow their table to a quarter of the memory over ``big_share`` processes, as a local
        cluster's workers do: their small table suits many small tasks, and starved a split
        talon-16 search). A size or a thread count out of range is refused as its
        variable's would be (solver.settings: tt_mb 1 to MAX_TABLE_MB, threads 1 to
        MAX_ENGINE_THREADS), naming the argument."""
        if tt_mb is not None:
            self.tt_mb = settings.argument("tt_mb", tt_mb, settings.TT_MB)
            self.tt_mb_chosen = True
        if threads is not None:
            self.threads = settings.argument("threads", threads, settings.ENGINE_THREADS)
        if big_share is not None:
            self.big_share = max(1, int(big_share))

    def forget_tables(self) -> None:
        """Empty every kept scoperta table, so the next search starts cold, as in a fresh
        process (benchmarks that time one position at a time)."""
        for tt in self.tables.values():
            tt.fill(0)
        self.last = (0, None)

    def close(self) -> None:
        """End the idle search threads and let the tables go (Engine.close); the next search
        makes them again."""
        self.pool.close()
        with self.lock:
            self.tables.clear()  # in place: the generations hold these dicts
            self.general_tables.clear()
            self.last = (0, None)

    def sibling(self) -> Workspace:
        """A workspace configured as this one (table size, threads, Star2, big share) with
        tables, scratch rows and threads of its own: what one's searches store, the
        other's never read (Engine.twin)."""
        twin = Workspace(self.tt_mb if self.tt_mb_chosen else None, self.threads)
        twin.star2, twin.big_share = self.star2, self.big_share
        return twin

    def next_epoch(self) -> int:
        """The age stamp (0..3) of a new search: its entries replace older searches' first."""
        self.epoch = (self.epoch + 1) & 3
        return self.epoch

    def cached(self, tables: dict, n: int) -> np.ndarray:
        with self.lock:  # a sampling loop's threads ask at once
            tt = tables.get(n)
            if tt is None:
                tt = tables[n] = new_table(n)
            return tt


#: the workspace of the running context; its default is the process's: the default
#: engine's, and that of searches run outside any engine (benchmarks, tests)
WORKSPACE: Scoped[Workspace] = Scoped("briscola_workspace", Workspace)
default_workspace = WORKSPACE.default
current = WORKSPACE.current
using = WORKSPACE.using


def configure(tt_mb: int | None = None, threads: int | None = None) -> None:
    """Configure the process's default workspace (a cluster worker sets it from its
    environment)."""
    default_workspace().configure(tt_mb, threads)


def forget_tables() -> None:
    """Empty the default workspace's kept tables (see Workspace.forget_tables)."""
    default_workspace().forget_tables()


def _memory_mb() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (AttributeError, ValueError, OSError):
        return 8192


def _base_context(pos, objective: str, gen, generations, ws: Workspace):
    """The context slots both kernels read (one layout, context.py), and the talon order."""
    ctx = np.zeros(context.C_SIZE, dtype=np.int64)
    ctx[context.C_TRUMP] = pos.trump_suit
    ctx[context.C_BRISCOLA] = pos.briscola
    ctx[context.C_OBJ] = context.OBJ_WIN if objective == "win" else context.OBJ_POINTS
    if pos.clairvoyant:
        ctx[context.C_CLAIR] = 1
        ctx[context.C_SCALE] = 1
        ctx[context.C_GEN] = generations.next() if gen is None else gen
        order = np.array(pos.talon_order, dtype=np.int64)
    else:
        ctx[context.C_SCALE] = int(FACT[pos.unseen.bit_count()])
        order = np.zeros(1, dtype=np.int64)
    ctx[context.C_ORDLEN] = len(order)
    ctx[context.C_EPOCH] = ws.next_epoch()
    return ctx, order


#: the fewest nodes a slice of a search with a deadline runs (a kernel call costs a few us),
#: and its first in a workspace that has not measured the speed of its kind (Search._rate)
MIN_SLICE = 2_000


class _Scoperta:
    """The 2-player scoperta kernel: tables sized by talon, kept for the same deal further
    on; scratch rows once per thread; threads on big positions."""

    module = scoperta
    slice_nodes = 300_000
    max_unseen = scoperta.MAX_EXACT_UNSEEN

    def context(self, ws, pos, talon, objective, gen, horizon, use_leaf=True):
        ctx, order = _base_context(pos, objective, gen, ws.generations, ws)
        ctx[context.C_STAR2] = ws.star2 if talon <= STAR2_TALON else 0
        ctx[context.C_PREFETCH] = (
            1 if talon >= (PREFETCH_CLAIR_TALON if pos.clairvoyant else PREFETCH_TALON) else 0
        )
        ctx[context.C_ETC] = ETC_ALIVE if pos.clairvoyant else 0
        ctx[context.C_EXACT] = EXACT_CHANCE_UNSEEN
        return ctx, order

    def head(self, pos, talon):
        top = pos.top if talon else -1
        s0, s1 = pos.score or (0, 0)
        return (
            pos.hands[0],
            pos.hands[1],
            pos.table[0] if pos.table else -1,
            top,
            pos.unseen,
            pos.to_move,
            0,
            s0,
            s1,
        )

    def table(self, ws, pos, talon, max_mb):
        """A shared table sized for the position: small searches do not pay for a big one.
        A position with a smaller talon than the previous search's is most likely the same
        deal further on (play, review, the next analysis): it keeps that table, which
        already holds most of its subtrees (measured: the next trick's analysis after a
        talon-8 one, 83,082 -> 3,171 nodes over ten positions)."""
        if max_mb is None and not pos.clairvoyant:
            tt = self._kept(ws, talon)
            tt = self._sized(ws, pos, talon, None) if tt is None else tt
            ws.last = (talon, tt)
            return tt
        return self._sized(ws, pos, talon, max_mb)

    @staticmethod
    def _kept(ws, talon):
        """The previous search's table where a search at ``talon`` keeps it, else None."""
        before, prev = ws.last
        return prev if prev is not None and talon < before else None

    def touch(self, ws, pos) -> None:
        """Make the table a search of ``pos`` takes and fault its pages in, unless it has
        one already (ready_table)."""
        talon = pos.talon_size
        if pos.clairvoyant or self._kept(ws, talon) is not None:
            return
        self._fault_in(ws, self._buckets(ws, False, talon, None))

    def touch_orders(self, ws, pos) -> None:
        """Make the table the searches of ``pos``'s talon orders take (the estimate's
        samples) and fault its pages in: fresh, a process's first samples paid for them (a
        talon-12 lead's lines took 32 ms instead of 1, so the estimate at 0.2 s chose
        searches five tricks deep, ±6-10 points where solves to the end give ±2-3)."""
        if pos.clairvoyant or pos.hidden_hand or not pos.draws_unknown:
            return
        self._fault_in(ws, self._buckets(ws, True, pos.talon_size, None))

    @staticmethod
    def _fault_in(ws, n: int) -> None:
        """The table of ``n`` buckets made and its pages faulted in, unless it is made."""
        if n not in ws.tables:
            ws.cached(ws.tables, n).fill(0)

    def _sized(self, ws, pos, talon, max_mb):
        return ws.cached(ws.tables, self._buckets(ws, pos.clairvoyant, talon, max_mb))

    def _buckets(self, ws, clairvoyant: bool, talon, max_mb) -> int:
        mb = ws.tt_mb if max_mb is None else max_mb
        grows = not ws.tt_mb_chosen or ws.big_share is not None
        if max_mb is None and grows and talon >= BIG_TALON and not clairvoyant:
            mb = max(mb, min(BIG_TALON_TT_MB, _memory_mb() // (4 * (ws.big_share or 1))))
        cap = max(16, (mb * 2**20) // (8 * TT_COLS))
        want_mb = CLAIRVOYANT_TABLE_MB if clairvoyant else TABLE_MB_BY_TALON.get(talon, mb)
        want = max(16, int(want_mb * 2**20) // (8 * TT_COLS))
        return 1 << (min(want, cap).bit_length() - 1)

    def work(self, ws):
        """The kernel's scratch rows of the calling thread, allocated once per thread: small
        positions should not pay for zeroing them on every call."""
        w = getattr(ws.scratch, "work", None)
        if w is None:
            w = ws.scratch.work = scoperta.new_work()
        return w

    def worth_threads(self, ws, pos, talon):
        return (
            ws.threads > 1
            and not SERIAL.get()
            and (talon >= 6 or (pos.clairvoyant and talon >= 12))
        )

    def shared_card(self, pos, talon):
        """Threads all on one card at a time (a clairvoyant search has no draws for a helper
        to walk the other way, so its threads keep a card each)."""
        return talon >= SHARED_CARD_TALON and not pos.clairvoyant

    def trick(self, pos):
        return list(pos.table)

    players = staticmethod(lambda pos: 2)


class _General:
    """The general kernel (scoperta4, classic, Briscolone, libero): one table size (small
    for talon-empty endgames), one search thread, its own generations."""

    module = general
    slice_nodes = 1_000_000
    max_unseen = general.MAX_EXACT_UNKNOWN

    def context(self, ws, pos, talon, objective, gen, horizon, use_leaf=True):
        ctx, order = _base_context(pos, objective, None, ws.general_generations, ws)
        ctx[context.C_PLAYERS] = pos.players
        ctx[context.C_FOLLOW] = 1 if pos.rules.follow_suit else 0
        ctx[context.C_TOPVIS] = 1 if pos.rules.top_visible else 0
        ctx[context.C_HORIZON] = horizon
        # depth-limited samples, one table kept across them: the prefetch made them 0.85-0.94
        # of the time (interleaved, identical nodes); exact searches took 1.03-1.34 with it
        ctx[context.C_PREFETCH] = 1 if horizon else 0
        w = leaf.weights_for(pos.variant) if horizon and pos.players == 2 and use_leaf else None
        if w is not None:
            ctx[context.C_LEAF] = 1
            ctx[context.C_LEAF_W : context.C_LEAF_W + len(w)] = w
        return ctx, order

    def head(self, pos, talon):
        h = [np.int64(x) for x in list(pos.hands) + [0] * (4 - pos.players)]
        pack = 0
        for j, c in enumerate(pos.table):
            pack |= c << (6 * j)
        top = pos.top if talon and pos.rules.top_visible else -1
        s0, s1 = pos.score or (0, 0)
        return (*h, len(pos.table), pack, top, pos.unseen, talon, pos.to_move, 0, s0, s1)

    def table(self, ws, pos, talon, max_mb):
        return ws.cached(ws.general_tables, self.table_size(talon))

    @staticmethod
    def table_size(talon: int) -> int:
        return 1 << 12 if talon == 0 else GENERAL_TT_BUCKETS

    def work(self, ws):
        return general.new_work()

    def worth_threads(self, ws, pos, talon):
        return False

    def shared_card(self, pos, talon):
        return False

    def trick(self, pos):
        return list(pos.table)

    players = staticmethod(lambda pos: pos.players)


SCOPERTA = _Scoperta()
GENERAL = _General()


def kernel_for(pos):
    """The kernel adapter of a position: 2-player scoperta has a kernel of its own, every
    other game goes to the general one."""
    return SCOPERTA if pos.variant_name == "scoperta" else GENERAL


class _CompileInRoot(event.Listener):
    """numba needs a working directory to compile: an error it raises and catches while
    compiling formats its source line with os.path.relpath, which asks for the working
    directory, and a deleted one (``cd d; rmdir d; briscola analyse ...``) failed every
    compile with FileNotFoundError. While numba compiles in a process whose working
    directory is gone, the process works in / and goes back to the deleted directory after
    (fchdir: what a relative path did there it does again). numba compiles one function at
    a time, under its lock, a compile's callees inside its event: one depth count."""

    def __init__(self) -> None:
        self.depth = 0
        self.back: int | None = None  # the deleted directory, open

    def on_start(self, ev) -> None:
        self.depth += 1
        if self.depth == 1 and hasattr(os, "fchdir"):
            try:
                os.getcwd()
            except FileNotFoundError:
                self.back = os.open(".", os.O_RDONLY)
                os.chdir("/")

    def on_end(self, ev) -> None:
        self.depth -= 1
        if self.depth == 0 and self.back is not None:
            back, self.back = self.back, None
            try:
                os.fchdir(back)
            finally:
                os.close(back)


event.register("numba:compile", _CompileInRoot())


def ready(pos=None) -> None:
    """Load the kernels an analysis of ``pos`` may use (every kernel when None) before a
    clock starts: a machine's first run compiles them (tens of seconds, announced by the
    CLI), later runs read them from numba's cache."""
    is_scoperta = pos is not None and kernel_for(pos) is SCOPERTA
    if pos is None or is_scoperta:
        scoperta.ready()
        depth.ready()
    if pos is None or not is_scoperta:
        general.ready()


def ready_table(ws: Workspace, pos, exact: bool = True) -> None:
    """Allocate the table a search of ``pos`` uses, and touch its pages, before a clock
    starts: the first search on a fresh 64 MB general table spent ~100 ms faulting them
    in, all of a 0.1 s limit, and on this VM (numpy asks for huge pages, whose faults
    compact memory) a fresh 128 MB scoperta table took 0.5-0.85 s of the first 2,000
    nodes, so that a talon-10 analysis given 0.5 s took up to 0.98 s in a fresh process.
    A 2-player scoperta table is made only where the exact search is tried (``exact``)
    and the search would not keep the last one; the one a clairvoyant order's search takes
    (the estimate's samples, 16 MB) wherever the talon's order is unknown."""
    if kernel_for(pos) is GENERAL:
        if pos.talon_size:
            size = GENERAL.table_size(pos.talon_size)
            if size not in ws.general_tables:
                ws.cached(ws.general_tables, size).fill(0)
        return
    if exact:
        SCOPERTA.touch(ws, pos)
    SCOPERTA.touch_orders(ws, pos)


#: four players draw four cards after a trick (three unseen and the new top), so a chance
#: node has up to u(u-1)(u-2)(u-3) outcomes, whose sum at the root's scale u! (times 120
#: points) passes 2**63 from u = 16: the exact search keeps below that
MAX_UNSEEN_4 = 15


def exact_possible(pos) -> bool:
    most = kernel_for(pos).max_unseen if pos.players == 2 else MAX_UNSEEN_4
    return pos.clairvoyant or pos.unseen.bit_count() <= most


class Search:
    """One position's kernel context; values are for the player (side) to move.

    ``gen`` reuses a clairvoyant scoperta search's table generation: positions further down
    the same talon order keep their entries. ``horizon`` > 0 (general kernel): stop at a
    trick's start with at most that many cards alive, the points left split as
    solver.search.leaf guesses from the hands (``use_leaf`` False, or a game it has no weights
    for: evenly). Tables, scratch rows and threads come from ``ws`` (None: the running
    context's workspace), progress lines go to the context's sink."""

    def __init__(
        self,
        pos,
        objective: str,
        tt_mb: int | None = None,
        gen: int | None = None,
        horizon: int = 0,
        use_leaf: bool = True,
        ws: Workspace | None = None,
        kernel=None,
    ):
        if not horizon and not exact_possible(pos):
            # past it the root's scale (unseen! ways) overflows: values were wrong, or failed
            most = kernel_for(pos).max_unseen if pos.players == 2 else MAX_UNSEEN_4
            raise BriscolaError.of("search.out_of_reach", unseen=pos.unseen.bit_count(), most=most)
        ws = self.ws = current() if ws is None else ws
        self.progress = progress.current()  # taken here: helper threads have no context
        kernel = self.kernel = kernel_for(pos) if kernel is None else kernel
        self.module = kernel.module
        self.pos = pos
        self.objective = objective
        self.talon = talon = pos.talon_size
        self.ctx, self.order = kernel.context(ws, pos, talon, objective, gen, horizon, use_leaf)
        self.gen = int(self.ctx[context.C_GEN])
        self.denominator = int(self.ctx[context.C_SCALE]) * (2 if objective == "win" else 1)
        self.tt = kernel.table(ws, pos, talon, tt_mb)
        self.stats = np.zeros(context.S_SIZE, dtype=np.int64)
        self.work = kernel.work(ws)
        self.head = kernel.head(pos, talon)
        self.nodes = 0
        self.node_limit: int | None = None  # give up once this many nodes are spent
        self.started = time.perf_counter()
        self.stopped = False
        #: whose speed its slices measure and read (Search._rate): a depth-limited sample's
        #: nodes and a clairvoyant order's cost otherwise than an exact search's
        self.pace = (kernel, bool(horizon), bool(pos.clairvoyant))

    def after(self, child) -> Search | None:
        """The search of ``child``, a position later in play with nothing drawn in between
        (a principal line's next step): this search's context, table and scratch rows with
        the child's head, so a step of an endgame's line costs a kernel call, not a new
        context (a talon-0 analysis 84 -> 71 us). None where the context would differ (a
        card drawn, or a clairvoyant order's position further on)."""
        if (
            child.talon_size != self.talon
            or child.unseen != self.pos.unseen
            or self.pos.clairvoyant
        ):
            return None
        s = object.__new__(Search)
        s.__dict__.update(self.__dict__)
        s.pos = child
        s.head = self.kernel.head(child, self.talon)
        s.stats = np.zeros(context.S_SIZE, dtype=np.int64)
        s.nodes = 0
        s.node_limit = None
        s.started = time.perf_counter()
        s.stopped = False
        return s

    def split_unseen(self, threads: int | None = None) -> int:
        """The unseen cards of the chance nodes of the last draw ``threads`` threads split
        (None: as many as SPLIT_DRAWS gives many threads)."""
        draws = 1 if threads is not None and threads <= FEW_THREADS else SPLIT_DRAWS
        return max(2, self.pos.unseen.bit_count() - 2 * (draws - 1))

    def thread_contexts(self, n: int) -> list[np.ndarray]:
        """The contexts of ``n`` threads searching one card together: the chance nodes of
        the first SPLIT_DRAWS draws are split points, where each thread defers the
        outcomes another one has marked busy (the marks follow the talon order in
        ``order``, which the threads share) and starts its walk at its own share of them;
        at smaller chance nodes every other thread walks the outcomes last to first."""
        at = len(self.order)
        self.order = np.concatenate([self.order, np.zeros(scoperta.BUSY_MARKS, dtype=np.int64)])
        out = []
        for i in range(n):
            ctx = self.ctx.copy()
            ctx[context.C_SPLIT] = self.split_unseen(n)
            ctx[context.C_BUSY] = at
            ctx[context.C_THREAD] = i
            ctx[context.C_THREADS] = n
            ctx[context.C_REVERSE] = i % 2  # below the split points: two threads meet less
            out.append(ctx)
        return out

    def move_value(
        self,
        card: int,
        deadline: float | None = None,
        stats=None,
        work=None,
        slice_nodes: int | None = None,
        helper: bool = False,
        cancelled=None,
        window: tuple[int, int] | None = None,
        quiet: bool = False,
        ctx=None,
    ) -> int | None:
        """Exact scaled value of one card, or None when the deadline passed first (or
        ``cancelled()`` became true). No slice starts past the deadline, the first one
        neither: a call past it ran one, up to 0.5 ms over, mostly to give None. With a
        ``window`` (alpha, beta) the result is fail-soft: exact inside it, else a bound on
        the side it fell. Progress lines while it runs, unless ``quiet``.

        Threads pass their own ``stats`` and ``work``; the table is shared. A ``helper``
        searches a card another thread is already on, walking the draws in the opposite
        order, so each finds the other's finished outcomes in the table (scoperta kernel);
        ``ctx``: a thread's own context (``thread_contexts``)."""
        module = self.module
        card = int(card)  # a Card is an int; the kernels' dispatch is fastest on a plain one
        stats = self.stats if stats is None else stats
        work = self.work if work is None else work
        ctx = self.ctx if ctx is None else ctx
        if helper:
            ctx = ctx.copy()
            ctx[context.C_REVERSE] = 1
        limit = self.kernel.slice_nodes if slice_nodes is None else slice_nodes
        alpha, beta = (-INF, INF) if window is None else window
        rate = self.ws.rates.get(self.pace)
        while True:
            if self.stopped or (cancelled is not None and cancelled()):
                return None
            if deadline is not None and time.perf_counter() > deadline:
                return None  # no slice begun past it, the first one neither
            if stats[S_GRANT]:  # lockstep: the count runs on, the grant is the limit
                before = int(stats[S_NODES])
                stats[S_STOP] = 0
                stats[S_LIMIT] = stats[S_GRANT]
            else:
                before = 0
                stats[S_NODES] = 0
                lim = limit
                if deadline is not None:  # the last slices end near the deadline, not past it
                    left = deadline - time.perf_counter()
                    most = MIN_SLICE if rate is None else max(MIN_SLICE, int(left * rate / 2))
                    lim = min(lim, most)
                if self.node_limit is not None:
                    lim = max(1, min(lim, self.node_limit - self.nodes))
                stats[S_LIMIT] = lim
            stats[S_ABORT] = 0
            began = time.perf_counter()
            v = module.search(*self.head, alpha, beta, card, ctx, self.order, self.tt, stats, work)
            spent = int(stats[S_NODES]) - before
            self.nodes += spent
            if not stats[S_ABORT]:
                return int(v)
            rate = self._rate(rate, spent, time.perf_counter() - began)
            # a Stop of the calling context, between slices (the pool stops the helper
            # threads); a search of one slice ends before a stop could matter
            check_stop()
            if not quiet:
                self.progress.report(self.nodes, self.started)
            if self.node_limit is not None and self.nodes >= self.node_limit:
                return None

    def _rate(self, rate: float | None, nodes: int, seconds: float) -> float | None:
        """The search's nodes a second after a slice of ``nodes`` in ``seconds``, kept in the
        workspace for the next search of its kind. A fixed rate (the kernel's low end on an
        idle machine) sized the last slice before a deadline: on a loaded machine, or on a
        table's fresh pages, a slice ran at a tenth of it and passed the deadline by up to a
        whole slice (0.3-0.6 s at a 0.5 s limit). A slice near the deadline takes half the
        time left at that speed: under load one slice's speed differs from the last one's
        by a third, so slices that aimed at the deadline passed it by a third of the time
        left, and halves shrink to MIN_SLICE instead."""
        if nodes < MIN_SLICE or seconds <= 0:
            return rate
        rate = self.ws.rates[self.pace] = nodes / seconds
        return rate

    def stop(self, stats_list) -> None:
        """Make running kernels give up at their next node (Ctrl-C)."""
        self.stopped = True
        for st in stats_list:
            _stop(st)

    def fraction(self, v: int) -> Fraction:
        return Fraction(v, self.denominator)


def _stop(stats) -> None:
    """Make the kernel running on ``stats`` give up at its next node (held in lockstep
    too)."""
    stats[context.S_STOP] = 1
    stats[context.S_LIMIT] = 0


def endgame_arrays(positions):
    """Array form of talon-empty positions for ``solve_endgames``."""
    n = len(positions)
    h0 = np.fromiter((p.hands[0] for p in positions), dtype=np.int64, count=n)
    h1 = np.fromiter((p.hands[1] for p in positions), dtype=np.int64, count=n)
    tab = np.fromiter((p.table[0] if p.table else -1 for p in positions), dtype=np.int64, count=n)
    turn = np.fromiter((p.to_move for p in positions), dtype=np.int64, count=n)
    bris = np.fromiter((p.briscola for p in positions), dtype=np.int64, count=n)
    return h0, h1, tab, turn, bris


def solve_endgames(h0, h1, tables, turns, briscolas) -> np.ndarray:
    """Points value of every legal card of many talon-empty scoperta positions in one kernel
    call. Row i holds the values of the mover's cards in ascending card id (unused slots 0);
    this is the batch path for bots and tests that need hundreds of thousands of endgames."""
    out = np.zeros((len(h0), 3), dtype=np.int64)
    scoperta.endgame_batch(h0, h1, tables, turns, briscolas, out)
    return out


def exact_values(
    pos,
    objective: str,
    deadline: float | None = None,
    slice_nodes: int | None = None,
    quiet: bool = False,
    kernel=None,
):
    """({card: Fraction} for every legal card, nodes), or None past the deadline.
    ``kernel`` (GENERAL) searches a scoperta position with the general kernel, which the
    tests compare with the scoperta one."""
    res = exact_search(
        pos, objective, deadline, slice_nodes=slice_nodes, quiet=quiet, kernel=kernel
    )
    return None if res is None else res[:2]


class Solved(NamedTuple):
    """An exact search's answer: every card's value, the nodes, the table generation, and
    the search itself where one thread ran it (its principal line goes on from there)."""

    values: dict[Card, Fraction]
    nodes: int
    gen: int
    search: Search | None


def exact_search(
    pos,
    objective: str,
    deadline: float | None,
    gen: int | None = None,
    slice_nodes: int | None = None,
    quiet: bool = False,
    node_limit: int | None = None,
    kernel=None,
    lockstep=None,
    solved: dict[int, Fraction] | None = None,
    first: Sequence[Card] = (),
) -> Solved | None:
    """Every card's exact value (a Solved), or None past the deadline (or once the search
    has spent ``node_limit`` nodes). ``solved`` receives each card's value as it is found,
    so that a search stopped by the clock or Ctrl-C keeps the cards it finished
    (Analysis.with_solved); ``first``: cards to search before the others, in that order
    (an estimate's ranking: the cards most likely best are solved first).

    Big positions run threads that share one table (the kernel releases the GIL): from
    talon SHARED_CARD_TALON up all of them on one card at a time, splitting the outcomes
    of its first draws between them (Search.thread_contexts); below it a card each, a
    thread with no card left helping one still running by walking its draws the other way.
    Whichever thread finishes a card first gives its value and stops the others, so no
    core idles. Ctrl-C stops them at their next node. ``lockstep``
    (solver.analysis.parallel.Lockstep) runs the threads as that many cores of equal speed
    would, whatever the machine's."""
    s = Search(pos, objective, gen=gen, kernel=kernel)
    s.node_limit = node_limit
    legal = pos.legal_cards()
    cards = [c for c in first if c in legal] + [c for c in legal if c not in first]
    if solved is None:
        solved = {}
    if not s.kernel.worth_threads(s.ws, pos, s.talon):
        for c in cards:
            v = s.move_value(c, deadline, slice_nodes=slice_nodes, quiet=quiet)
            if v is None:
                return None
            solved[c] = s.fraction(v)
        return Solved({c: solved[c] for c in legal}, s.nodes, s.gen, s)
    if _threaded(s, cards, deadline, slice_nodes, lockstep, solved) is None:
        return None
    return Solved({c: solved[c] for c in legal}, s.nodes, s.gen, None)


def _threaded(
    s: Search,
    cards: list[int],
    deadline: float | None,
    slice_nodes: int | None,
    lockstep=None,
    solved: dict[int, Fraction] | None = None,
) -> dict[int, int] | None:
    """{card: scaled value} from the workspace's threads on one table (this one and kept
    helpers), or None past the deadline; each value also goes to ``solved`` as it is
    found."""
    todo = list(cards)
    lock = threading.Lock()
    results: dict[int, int] = {}
    failed: list[int] = []
    on: dict[int, int] = {}  # thread -> the card it searches
    n_threads = s.ws.threads
    # each thread counts every node in its row: rows on cache lines of their own
    stats_list = list(on_cache_lines(n_threads, context.S_SIZE))

    shared = s.kernel.shared_card(s.pos, s.talon)
    ctxs = s.thread_contexts(n_threads) if shared else [None] * n_threads

    def worker(i: int) -> None:
        work = s.kernel.work(s.ws)
        while True:
            with lock:
                if failed:
                    return
                helper = not todo and not shared
                if shared:
                    live = [c for c in cards if c not in results]
                    if not live:
                        return
                    c = live[0]
                elif todo:
                    c = todo.pop(0)
                else:
                    live = [c for c in on.values() if c not in results]
                    if not live:
                        return
                    c = min(live, key=lambda c: sum(1 for x in on.values() if x == c))
                on[i] = c
            v = s.move_value(
                c,
                deadline,
                stats_list[i],
                work,
                slice_nodes,
                helper=helper,
                cancelled=lambda c=c: c in results,
                ctx=ctxs[i],
            )
            with lock:
                del on[i]
                if v is not None:
                    if c not in results:
                        results[c] = v
                        if solved is not None:
                            solved[c] = s.fraction(v)
                        for j, cj in on.items():
                            if cj == c:
                                _stop(stats_list[j])  # the other searcher
                elif c not in results:
                    failed.append(c)
                    return

    jobs: list[Callable[[], None]] = [partial(worker, i) for i in range(n_threads)]
    if lockstep is not None:
        jobs = lockstep.jobs(stats_list, jobs)
    s.ws.pool.run(jobs, lambda: s.stop(stats_list))
    if failed or len(results) < len(cards):
        return None
    return results


def exact_analysis(pos, objective: str, res: Solved, deadline: float | None, t0: float) -> Analysis:
    """The exact Analysis of ``pos`` from ``exact_search``'s result, with its principal line."""
    vals, nodes, gen, search = res
    best_v = max(vals.values())
    moves = tuple(
        MoveValue(c, float(v), v) for c, v in sorted(vals.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    best = tuple(c for c, v in vals.items() if v == best_v)
    pv, pv_nodes = principal_line(pos, objective, vals, deadline, gen, search)
    return Analysis(
        position=pos,
        objective=objective,
        exact=True,
        value=float(best_v),
        value_exact=best_v,
        moves=moves,
        best=best,
        pv=tuple(pv),
        nodes=nodes + pv_nodes,
        seconds=time.perf_counter() - t0,
    )


def principal_line(
    pos,
    objective: str,
    vals: dict[Card, Fraction],
    deadline: float | None,
    gen: int | None = None,
    search: Search | None = None,
) -> tuple[list[Card], int]:
    """Best cards from the position on, until a draw whose outcome is unknown (``outcomes``
    gives more than one; a covered card known by elimination goes on the line): at each
    step the lowest card that keeps the value, which is known from the step before, so a
    null-window test per card is enough (most answers are already in the table). ``search``:
    the search of ``pos`` (one thread's), whose context its steps reuse (Search.after)."""
    pv: list[Card] = []
    nodes = 0
    best = max(vals, key=lambda c: (vals[c], -c))
    num, den = vals[best].numerator, vals[best].denominator  # the value, num / den
    s = search
    while True:
        pv.append(best)
        if pos.outcomes(best):
            break
        child = pos.play(best)
        if child.is_over:
            break
        num = _after(pos, best, child, num, den, objective)
        s = (s and s.after(child)) or Search(child, objective, gen=gen)
        target, rest = divmod(num * s.denominator, den)
        assert rest == 0, (pos.to_text(), num, den)
        num, den = target, s.denominator
        keeps: Card | None = None
        for c in sorted(child.legal_cards()):
            v = s.move_value(c, deadline, window=(target - 1, target))
            if v is None:
                return pv, nodes + s.nodes
            if v >= target:
                keeps = c
                break
        nodes += s.nodes
        assert keeps is not None, (child.to_text(), num, den)
        best, pos = keeps, child
    return pv, nodes


def _after(pos, card: int, child, num: int, den: int, objective: str) -> int:
    """The value of ``child`` for its side to move, over ``den``, ``pos`` having value
    ``num / den`` for its side to move and ``card`` being a best card there (sides are
    seat parity)."""
    same = child.to_move & 1 == pos.to_move & 1
    if objective == "win":
        return num if same else den - num
    kernel = kernel_for(pos)
    trick = kernel.trick(pos)
    if len(trick) + 1 < kernel.players(pos):
        return -num
    p = int(sum(POINTS[c] for c in trick) + POINTS[card]) * den
    return num - p if same else -num - p
