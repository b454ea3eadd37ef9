"""The context and stats arrays every search kernel reads: one layout, so a slot that two
kernels share has one index. Also the value constants and the node helpers both kernels
share: value bounds, Star1's window and cut, the child's sign and offset, move order."""
from __future__ import annotations

import threading

import numpy as np
from llvmlite import ir
from numba import njit
from numba.core import cgutils, sigutils, types
from numba.extending import intrinsic

#: njit options of the recursive search kernels. ``_nrt=False``: they allocate nothing, and
#: without numba's reference counting a recursive call no longer increments and decrements
#: an atomic count on each of its five arrays (two threads share the table's count, so
#: those atomics also bounced its cache line between the cores). Measured, interleaved:
#: one thread 0.82 of the time at talon 10, both threads 0.85-0.93.
KERNEL = {"cache": True, "nogil": True, "_nrt": False}

# ---- context slots -----------------------------------------------------------------
C_TRUMP = 0      # trump suit (-1: none)
C_BRISCOLA = 1   # the trump card (-1: none)
C_OBJ = 2        # 0 points, 1 win
C_CLAIR = 3      # 1: the talon order is known (``order``)
C_SCALE = 4      # u0! (root scale)
C_GEN = 5        # table generation (clairvoyant searches only)
C_ORDLEN = 6     # length of ``order``
C_EPOCH = 7      # the search's age stamp (0..3) for the table's replacement
# 2-player scoperta only
C_NOTT = 8       # 1: do not use the transposition table (tiny endgames)
C_REVERSE = 9    # 1: walk chance outcomes last to first (a helper thread on the same card)
C_STAR2 = 10     # Star2 probing at chance nodes with at most this many unseen cards (0: off)
# the general kernel only
C_PLAYERS = 11   # 2 or 4 (sides are seat parity)
C_FOLLOW = 12    # 1: must follow suit
C_TOPVIS = 13    # 1: the talon's top card is visible (scoperta)
C_HORIZON = 14   # > 0: at a trick's start with at most this many cards alive, stop (estimates)
C_LEAF = 15      # 1: past the horizon the points left split by solver.search.leaf, not evenly
C_LEAF_W = 16    # its weights, C_LEAF_W .. C_LEAF_W + leaf.N_FEATURES - 1
# both kernels
C_PREFETCH = 32  # 1: decision nodes ask for their children's table buckets first (scoperta:
                 # a trick's second card, which then reads the entries for the children)
C_ETC = 33       # > 0: from this many cards alive, a trick's second card first reads its
                 # children's entries for a cut (scoperta, clairvoyant searches)
C_EXACT = 34     # chance nodes with at most this many unseen cards: full window (scoperta)
# the scoperta kernel's threads on one card (scoperta.py's docstring)
C_SPLIT = 35     # > 0: chance nodes with at least this many unseen cards are split points
C_BUSY = 36      # > 0: where the busy marks begin in ``order`` (threads defer busy outcomes)
C_THREAD = 37    # this thread's number among C_THREADS: where it starts a chance node's walk
C_THREADS = 38
C_SIZE = 39

PROBE = -2       # ``only``: search just the node's first move (a lower bound on its value)

# ---- stats slots -------------------------------------------------------------------
S_NODES = 0
S_LIMIT = 1
S_ABORT = 2
S_TTHIT = 3
S_CHANCE = 4     # chance nodes expanded (past the table)
S_PROBE = 5      # Star2 probes searched
S_PROBECUT = 6   # chance nodes cut by their probes
S_UNITS = 7      # outcomes searched at split points (C_SPLIT): the units of parallel work
S_OFFPATH = 8    # nodes off the longest chain of dependent work (split points' outcomes in
                 # parallel): the search's span is S_NODES - S_OFFPATH
# threads in lockstep (solver/search/hold.py): a thread past S_LIMIT waits for its grant
S_GRANT = 10     # > 0: hold at the limit until S_NODES is below this, then go on to it
S_STOP = 11      # 1: stop instead (another thread finished the card)
S_HELD = 12      # 1 while the thread waits
S_DEFERRED = 13  # outcomes a thread deferred because another thread was searching them
S_JOINED = 14    # nodes of outcomes a thread searched while another was in them
S_SIZE = 16      # two cache lines: a thread's row of stats shares none with another's

OBJ_POINTS = 0
OBJ_WIN = 1

INF = np.int64(1) << np.int64(60)


def load_kernel(dispatcher, signature: str) -> None:
    """Load a kernel's recursive search from numba's cache, or compile it on a machine's
    first run. Kernels compile on demand, not on import, so a process loads only those its
    game needs, and callers load them (each module's ``ready()``) before a clock starts.

    One specialisation per kernel: numba files a compile under the signature as it was
    asked for, and a call asks with its arguments' types, so the signature goes in as those
    types (given as text it was a second entry: the same kernel compiled and stored twice,
    once by a call, once here). Once loaded, calls compile nothing more: numba converts
    their arguments to it (as it does for ``@njit(signature)``). One thread at a time: a
    second thread that found no signature while the first compiled would ask a dispatcher
    the first had just closed ("compilation disabled")."""
    with _LOAD_LOCK:
        if not dispatcher.signatures:
            dispatcher.compile(sigutils.normalize_signature(signature)[0])
        dispatcher.disable_compile()


#: the kernels' dispatchers are the process's, and so is the right to compile them
_LOAD_LOCK = threading.Lock()


def self_call(signature: str):
    """A kernel's call to itself, typed by its declared ``signature``.

    Called by name, a kernel's recursive call is typed by numba from the partial
    inference of the function being compiled, again at every call site and every pass:
    most of a kernel's compile time. This call is typed at once by the signature (its
    arguments cast to it) and calls the function being lowered, so the kernel must be
    compiled for exactly that signature (``load_kernel``) and the call must stand in the
    kernel's own body (or a helper inlined into it). The machine code is the same."""
    args, ret = sigutils.normalize_signature(signature)

    @intrinsic
    def call(typingctx, *given):
        if len(given) != len(args):
            return None
        packed = types.StarArgTuple.from_types(given)

        def codegen(context, builder, sig, llargs):
            vals = [context.cast(builder, v, t, a) for v, t, a in
                    zip(cgutils.unpack_tuple(builder, llargs[0], len(args)), given, args)]
            status, res = context.call_conv.call_function(builder, builder.function, ret,
                                                          args, vals)
            with cgutils.if_unlikely(builder, status.is_error):
                context.call_conv.return_status_propagate(builder, status)
            return res
        return ret(packed), codegen

    return call


@intrinsic
def rarely(typingctx, cond):
    """``cond``, which LLVM is told is almost always false (llvm.expect): the code it guards
    is laid out away from the hot path."""
    if not isinstance(cond, types.Boolean):
        return None

    def codegen(context, builder, sig, args):
        i1 = ir.IntType(1)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i1, [i1, i1]),
                                            "llvm.expect.i1")
        return builder.call(fn, [args[0], i1(0)])
    return types.boolean(cond), codegen


@njit(cache=True, inline="always")
def win_value(mine, S):
    """The objective "win" once the mover's points are final: 2 won, 1 a 60-60, 0 lost."""
    return 2 * S if mine > 60 else (S if mine == 60 else np.int64(0))


@njit(cache=True, inline="always")
def value_bounds(obj, my, op, R, alive, S):
    """(decided, its value, lo, hi): the node's value when the scores settle it, else the
    range its value can take with ``R`` points still in play."""
    ZERO = np.int64(0)
    if obj == OBJ_WIN:
        if my >= 61:
            return True, 2 * S, ZERO, ZERO
        if op >= 61:
            return True, ZERO, ZERO, ZERO
        if alive == 0:
            return True, S, ZERO, ZERO  # 60-60
        if my + R < 60:
            return True, ZERO, ZERO, ZERO
        if op + R < 60:
            return True, 2 * S, ZERO, ZERO
        return False, ZERO, ZERO, 2 * S
    if alive == 0:
        return True, ZERO, ZERO, ZERO
    return False, ZERO, -R * S, R * S


@njit(cache=True, inline="always")
def child_offset(same_side, obj, p, S):
    """(sign, offset) that turn a child's value for its mover into the parent's: the
    parent's value is offset + sign * child's, ``p`` the points of the trick just taken."""
    if same_side:
        return 1, (np.int64(0) if obj == OBJ_WIN else p * S)
    return -1, (2 * S if obj == OBJ_WIN else -p * S)


@njit(cache=True, inline="always")
def star1_window(N, alpha, beta, total, rest_lo, rest_hi, lo, hi):
    """Star1: the window of the next outcome of a chance node with ``N`` outcomes, once
    ``total`` is the sum of those searched and the rest lie in (rest_lo, rest_hi); the
    outcome itself lies in (lo, hi)."""
    A = N * alpha - total - rest_hi
    B = N * beta - total - rest_lo
    return (A if A > lo else lo), (B if B < hi else hi)


@njit(cache=True, inline="always")
def star1_cut(N, alpha, beta, total, rest_lo, rest_hi):
    """(cut off, the bound it proves) of a chance node whose outcomes searched so far add
    up to ``total``."""
    if total + rest_hi <= N * alpha:
        return True, -((-(total + rest_hi)) // N)
    if total + rest_lo >= N * beta:
        return True, (total + rest_lo) // N
    return False, np.int64(0)


@njit(cache=True, inline="always")
def raise_best(v, c, best, bestmove, alpha):
    """A decision node's move ``c`` worth ``v`` against the best so far: (best value, best
    move, alpha). The caller cuts off once alpha reaches beta."""
    if v > best:
        best = v
        bestmove = c
        if v > alpha:
            alpha = v
    return best, bestmove, alpha


@njit(cache=True, inline="always")
def sort_moves(moves, keys, nm):
    """Insertion sort of the first ``nm`` moves by ascending key (stable)."""
    for j in range(1, nm):
        kk = keys[j]
        mm = moves[j]
        q = j - 1
        while q >= 0 and keys[q] > kk:
            keys[q + 1] = keys[q]
            moves[q + 1] = moves[q]
            q -= 1
        keys[q + 1] = kk
        moves[q + 1] = mm
