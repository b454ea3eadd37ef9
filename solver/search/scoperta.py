"""numba search kernel for 2-player Briscola scoperta.

One self-recursive negamax ``search`` walks both decision nodes (a card to play) and chance
nodes (the draw after a trick: the loser's card, then the new top card, uniform over the
unseen cards). Chance nodes use Star1 pruning with each outcome's bounds from the table
(else +-(points still in play)), and Star2 probing where they may fail high: every child
of a chance node is the same player's lead, so one move of it is a lower bound on it;
probing each outcome's first move may prove the node >= beta before any outcome is
searched in full (the probes' subtrees stay in the table).

The table holds trick boundaries and chance nodes, not mid-trick nodes: a mid-trick node
has a single parent (its trick's start with the led card back in hand), so its entry
served only re-searches of that parent (without them: talon 10 +1.4 % nodes and 0.88 of
the time, talon 12 0.92, clairvoyant from the deal 0.70; interleaved, one thread).
Chance nodes two draws from the end (two unseen cards, two outcomes; at talon 10 they are
41 % of all nodes) are searched in the full window (``C_EXACT``): their exact value, stored
once, answers every later window, where the bounds of narrow windows sent later visits
searching again (talon 8 -7 % nodes and 0.90 of the time, talon 10 -3 to -4 % and 0.92,
talon 12 -1.3 % and 0.95; interleaved, one thread). A talon-empty lead with three cards each
is valued by a loop minimax in its window, not by recursion, once the table has no answer.

Values are integers: the exact expectation times ``scale`` = u0! (u0 = unseen cards at the
root), which makes every value an integer (a node with u unseen cards has a value whose
denominator divides u!). The objective "win" is scaled by 2 more (60-60 counts one half).
The transposition table stores each bound at the node's own scale u!, so entries do not
depend on the root and are shared by every search of a process.

Threads on one card (the driver's ``thread_contexts``) share the table and split the work
at the chance nodes of the search's first draws (split points, ``split_next``): each
outcome there is a unit of work that depends on the others only through the table and the
window. A thread marks the unit it searches busy (the marks follow the talon order in
``order``, which the threads share), defers a unit another thread has marked and comes back
to it after the others, by when its value is mostly in the table (ABDADA's deferral, with
a chance node's outcomes as the moves deferred). Each thread starts a split point's walk at
its own share of the outcomes, and below the split points every other thread walks the
outcomes last to first. Each thread's search is a whole search of the card, sound on its
own: the others only leave it entries to read, so every value is the one thread's. A
single thread counts the nodes off the longest chain of dependent work there (the units of
a split point as if they ran at once), from which the speed-up of N cores is predicted.

The pieces of a node are ``inline="always"`` helpers (its constants are typed locals: a
literal argument would make numba compile a second specialisation); only ``search``
recurses (numba's cache crashes on reload with mutually recursive functions). The card arithmetic, table,
context layout and constants live in bits.py, table.py and context.py (read them there; this
module imports only what it uses).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solver.search.bits import (CARD_POINTS, FACT, SUIT_MASK, ZERO_MASK, canon_card, canon_mask,
                                highbit_index, leader_wins, lowbit_index, mask_points, popcount)
from solver.search.context import (C_BRISCOLA, C_BUSY, C_CLAIR, C_EPOCH, C_GEN, C_NOTT, C_ETC,
                                   C_EXACT, C_OBJ, C_ORDLEN, C_PREFETCH, C_REVERSE, C_SCALE, C_SIZE,
                                   C_SPLIT, C_STAR2, C_THREAD, C_THREADS, C_TRUMP, INF, KERNEL,
                                   OBJ_WIN, PROBE, S_ABORT, S_CHANCE, S_DEFERRED, S_JOINED, S_LIMIT,
                                   S_NODES, S_OFFPATH, S_PROBE, S_PROBECUT, S_SIZE, S_TTHIT,
                                   S_UNITS, child_offset, raise_best, rarely, sort_moves, star1_cut,
                                   star1_window, load_kernel, self_call, value_bounds, win_value)
from solver.search.endgame import last_two_gain, three_tricks
from solver.search.hold import hold
from solver.search.table import (TT_COLS, tt_hash, tt_prefetch, tt_probe, tt_read, tt_save, tt_unit,
                                 work_class)

MAX_EXACT_UNSEEN = 16  # 16! * 240 still fits in int64
CHANCE_MAX = MAX_EXACT_UNSEEN * (MAX_EXACT_UNSEEN - 1)  # outcomes of one draw
BUSY_MARKS = 1 << 12  # the busy marks of a search's threads, after its talon order
DEFER = np.int64(1) << np.int64(20)  # an outcome's flag in its chance node's row: deferred

# ---- the scratch rows (``new_work``): a row per node kind and count of cards alive ----
#: a decision node's row, 2 * cards alive (+ 1 mid-trick), from these columns: its cards,
#: best first; their sort keys; at a trick's second card its children's table slots
#: (``_ask_children``), up to SLOTS_END
MOVES, KEYS, SLOTS, SLOTS_END = 0, 8, 16, 48
#: a child's slot within SLOTS: its bucket, its check, the factor and the offset that take
#: its entry's bounds to the parent's value
CHILD_BUCKET, CHILD_CHECK, CHILD_FACTOR, CHILD_OFFSET = 0, 8, 16, 24
#: a chance node's row is that of the leads after it (a draw keeps the cards alive), which
#: use only MOVES and KEYS; from column SLOTS, CHANCE_MAX columns each: its outcomes' lower
#: bounds, upper bounds, draws (the loser's card | the new top card << 6, + DEFER while
#: deferred), table buckets and checks (``_chance_bounds``); then a split point's state
LOWER, UPPER, XY, BUCKET, CHECK, SPLIT = (SLOTS + k * CHANCE_MAX for k in range(6))
SPLIT_FROM = SPLIT          # where this thread's walk starts
SPLIT_MARKS = SPLIT + 1     # where the busy marks are in ``order`` (0: none)
SPLIT_DEFERRED = SPLIT + 2  # how many outcomes it deferred (-1: it walks them again)
SPLIT_LONGEST = SPLIT + 3   # the longest unit's span
SPLIT_SPANS = SPLIT + 4     # all units' spans
SPLIT_BEGAN = SPLIT + 5     # the span count as the unit under way began
SPLIT_VALUE = SPLIT + 6     # the node's value when its own entry settles it
SPLIT_JOINED = SPLIT + 7    # the node count as a unit another thread was in began (-1: none)
ROW_LEN = SPLIT + 8
#: after the nodes' rows (two per count of cards alive, 0..40), the row where a parent leaves
#: the next call its table slot (``_mail``): the node number of the call it is for (-1:
#: taken), the bucket, the check
MAIL = 82
MAIL_FOR, MAIL_BUCKET, MAIL_CHECK = 0, 1, 2


@njit(cache=True, inline="always")
def draw_hands(h0, h1, winner, top, got):
    """The hands after a trick's draw: the winner takes the visible top card, the other
    player ``got``."""
    if winner == 0:
        return h0 | (np.int64(1) << top), h1 | (np.int64(1) << got)
    return h0 | (np.int64(1) << got), h1 | (np.int64(1) << top)


@njit(cache=True)
def talon_remaining(top, unseen):
    if top < 0:
        return 0
    return popcount(unseen) + 2


@njit(cache=True, inline="always")
def _last_tricks(h0, h1, table, turn, only, obj, my, R, S, trump):
    """(decided, value) of a node near the end, talon empty: the last trick plays itself,
    and the last two are a tiny minimax of the mover's points (both objectives grow with
    them), neither needing recursion."""
    lastlead = -1
    lastfollow = -1
    leader = turn
    if table < 0 and popcount(h0) == 1 and popcount(h1) == 1:
        lastlead = lowbit_index(h0 if turn == 0 else h1)
        lastfollow = lowbit_index(h1 if turn == 0 else h0)
        leader = turn
    elif table >= 0 and (h0 | h1) != 0 and popcount(h0 | h1) == 1:
        lastlead = table
        lastfollow = lowbit_index(h0 | h1)
        leader = 1 - turn
    if lastlead >= 0:
        w = leader if leader_wins(lastlead, lastfollow, trump) else 1 - leader
        p = CARD_POINTS[lastlead] + CARD_POINTS[lastfollow]
        if obj == OBJ_WIN:
            return True, win_value(my + (p if w == turn else 0), S)
        return True, (p * S if w == turn else -p * S)
    hm = h0 if turn == 0 else h1
    ho = h1 if turn == 0 else h0
    if only < 0 and popcount(hm) == 2 and popcount(ho) == (2 if table < 0 else 1):
        g = last_two_gain(hm, ho, table, trump, np.int64(0))
        if obj == OBJ_WIN:
            return True, win_value(my + g, S)
        return True, (2 * g - R) * S
    return False, np.int64(0)


@njit(cache=True, inline="always")
def _node_bounds(h0, h1, table, top, unseen, turn, pending, s0, s1, only, obj, S, briscola,
                 trump):
    """(decided, its value, lo, hi, live cards, the largest value's magnitude: the table's
    unit) of a node: its value when the scores or the last tricks settle it, else its
    range. The helpers take scalars, not the context array: numba gives each array argument
    of an inlined helper an atomic reference count increment and decrement per call."""
    alive = h0 | h1 | unseen
    if table >= 0:
        alive |= np.int64(1) << table
    if top >= 0:
        alive |= (np.int64(1) << top) | (np.int64(1) << briscola)
    R = mask_points(alive)
    mag = 2 * S if obj == OBJ_WIN else R * S
    my = s0 if turn == 0 else s1
    done, result, lo, hi = value_bounds(obj, my, s1 if turn == 0 else s0, R, alive, S)
    if not done and top < 0 and pending == 0:
        done, result = _last_tricks(h0, h1, table, turn, only, obj, my, R, S, trump)
    return done, result, lo, hi, alive, mag


@njit(cache=True, inline="always")
def _tt_slot(h0, h1, table, top, unseen, turn, pending, s0, alive, mag, obj, clair, briscola,
             trump, gen, S, nmask):
    """(bucket, check, r, gu) of the node's table entry: ``r`` takes the search's scale to
    the node's own, ``gu`` is the entry's unit. Positions that differ only in which
    zero-point cards are gone share an entry (clairvoyant ones too: the talon's remaining
    cards are fixed by its size, and equal renumbered hands and talon give them equal
    renumbered names)."""
    ktab = canon_card(table, alive)
    ktop = canon_card(top, alive)
    kbr = canon_card(briscola, alive) if top >= 0 else 40 + trump
    k1 = (canon_mask(h0, alive) | ((ktop + 1) << 46) | (turn << 52) | (pending << 53)
          | (obj << 54) | (clair << 55) | ((ktab + 1) << 56))
    k2 = canon_mask(h1, alive) | (kbr << 40)
    if obj == OBJ_WIN:
        k2 |= s0 << 46
    k3 = canon_mask(unseen, alive)
    r = np.int64(1)
    if clair == 1:
        k3 |= gen << 40
    else:
        r = S // FACT[popcount(unseen)]
    idx, chk = tt_hash(k1, k2, k3, nmask)
    return idx, chk, r, tt_unit(mag // r)


@njit(cache=True, inline="always")
def _chance_bounds(h0, h1, top, unseen, turn, s0, alive, mag, lo, hi, obj, S, briscola, tt,
                   work):
    """Star1's bounds of a chance node's outcomes (the loser draws x, then y becomes the
    top card), in the node's row of ``work``: (lower bounds, upper bounds, outcomes, how
    many, sum of lower bounds, sum of upper bounds). Each outcome's bounds come from the table where it has
    them: drawing leaves the set of live cards unchanged, so every child's key is the
    parent's renumbered masks with two or three bits moved. All the outcomes' buckets are
    hashed and prefetched before the first is read (at talon 12 these reads miss the
    cache; overlapping them saved 8-12 % of the time, measured)."""
    crow = 2 * popcount(alive)
    clo = work[crow, LOWER:UPPER]
    chi = work[crow, UPPER:XY]
    cxy = work[crow, XY:BUCKET]
    cid = work[crow, BUCKET:CHECK]
    cck = work[crow, CHECK:SPLIT]
    n = popcount(unseen)
    rc = S // FACT[n - 2]
    rcg = rc * tt_unit(mag // rc)
    ch0 = canon_mask(h0, alive)
    ch1 = canon_mask(h1, alive)
    cun = canon_mask(unseen, alive)
    ctop1 = np.int64(1) << canon_card(top, alive)
    kb = canon_card(briscola, alive) << 40
    if obj == OBJ_WIN:
        kb |= s0 << 46
    i = 0
    ux = unseen
    while ux:
        x = lowbit_index(ux)
        ux &= ux - 1
        cx1 = np.int64(1) << canon_card(x, alive)
        uy = unseen & ~(np.int64(1) << x)
        while uy:
            y = lowbit_index(uy)
            uy &= uy - 1
            cy = canon_card(y, alive)
            if turn == 0:
                q1 = ch0 | ctop1
                q2 = ch1 | cx1
            else:
                q1 = ch0 | cx1
                q2 = ch1 | ctop1
            q1 |= ((cy + 1) << 46) | (turn << 52) | (obj << 54)
            q2 |= kb
            q3 = cun & ~cx1 & ~(np.int64(1) << cy)
            cid[i], cck[i] = tt_hash(q1, q2, q3, tt.shape[0] - 1)
            tt_prefetch(tt, cid[i])
            cxy[i] = x | (y << 6)
            i += 1
    sum_lo = np.int64(0)
    sum_hi = np.int64(0)
    for k in range(i):
        f, elo, ehi, _ = tt_read(tt, cid[k], cck[k])
        a_ = lo
        b_ = hi
        if f:
            if elo * rcg > a_:
                a_ = elo * rcg
            if ehi * rcg < b_:
                b_ = ehi * rcg
        clo[k] = a_
        chi[k] = b_
        sum_lo += a_
        sum_hi += b_
    return clo, chi, crow, n * (n - 1), sum_lo, sum_hi


@njit(cache=True, inline="always")
def _mail(work, stats, idx, chk):
    """Leave the next search call (the child about to be searched) its table slot, so it
    does not hash its key again: stamped with that call's node number."""
    work[MAIL, MAIL_FOR] = stats[S_NODES] + 1
    work[MAIL, MAIL_BUCKET] = idx
    work[MAIL, MAIL_CHECK] = chk


@njit(cache=True, inline="always")
def _take_mail(work, stats):
    """Whether the parent left this call its table slot (``_mail``); the mail is taken,
    so no later call can read it."""
    mine = work[MAIL, MAIL_FOR] == stats[S_NODES]
    work[MAIL, MAIL_FOR] = -1
    return mine


@njit(cache=True, inline="always")
def _enter(work, stats):
    """Count the node and take its mail: (the node count before it, whether the parent left
    it its table slot). The count before it gives the node's work when it is stored."""
    n0 = stats[S_NODES]
    stats[S_NODES] = n0 + 1
    return n0, _take_mail(work, stats)


@njit(cache=True, inline="always")
def _slot(mine, work, h0, h1, table, top, unseen, turn, pending, s0, alive, mag, obj, clair,
          briscola, trump, gen, S, nmask):
    """(bucket, check, r, gu) of the node's entry: from the parent's mail when it left one
    (``mine``), else by ``_tt_slot``."""
    if mine:
        r = np.int64(1) if clair == 1 else S // FACT[popcount(unseen)]
        return work[MAIL, MAIL_BUCKET], work[MAIL, MAIL_CHECK], r, tt_unit(mag // r)
    return _tt_slot(h0, h1, table, top, unseen, turn, pending, s0, alive, mag, obj, clair,
                    briscola, trump, gen, S, nmask)


@njit(cache=True, inline="always")
def _chance_child(h0, h1, turn, top, unseen, crow, i, work, stats):
    """The outcome ``i`` of a chance node: (hands, new top card, unseen cards); its table
    slot, found by ``_chance_bounds``, is left for the call that searches it."""
    xy = work[crow, XY + i]
    _mail(work, stats, work[crow, BUCKET + i], work[crow, CHECK + i])
    x = xy & 63
    y = xy >> 6
    nh0, nh1 = draw_hands(h0, h1, turn, top, x)
    return nh0, nh1, y, unseen & ~((np.int64(1) << x) | (np.int64(1) << y))


@njit(cache=True, inline="always")
def _star2(h0, h1, turn, top, unseen, s0, s1, alpha, beta, N, clo, chi, crow, sum_lo, sum_hi,
           rev, ctx, order, tt, stats, work):
    """Star2's probes of a chance node (the module's docstring): each undecided outcome's
    first move, in the window that would cut the node, raising the outcomes' lower bounds
    (``clo``): (cut off, its bound, the lower bounds' new sum)."""
    NO, ZERO, PRB = np.int64(-1), np.int64(0), np.int64(PROBE)
    done, result = False, ZERO
    k = 0
    while k < N and not done:
        i = N - 1 - k if rev else k
        k += 1
        li = clo[i]
        if li == chi[i]:
            continue
        _, cb = star1_window(N, alpha, beta, ZERO, sum_lo - li, sum_hi, li, chi[i])
        nh0, nh1, ny, nun = _chance_child(h0, h1, turn, top, unseen, crow, i, work, stats)
        stats[S_PROBE] += 1
        v = _itself(nh0, nh1, NO, ny, nun, turn, ZERO, s0, s1, li, cb, PRB, ctx, order, tt,
                    stats, work)
        if stats[S_ABORT]:
            return done, result, sum_lo
        if v > li:  # the outcome's new lower bound
            clo[i] = min(v, chi[i])
            sum_lo += clo[i] - li
            done, result = star1_cut(N, alpha, beta, ZERO, sum_lo, sum_hi)
            if done:
                stats[S_PROBECUT] += 1
    return done, result, sum_lo


@njit(**KERNEL)
def split_start(ctx, N, row):
    """A split point's state before its walk (``split_next``)."""
    row[SPLIT_FROM] = (ctx[C_THREAD] * N) // ctx[C_THREADS] if ctx[C_THREADS] > 1 else 0
    row[SPLIT_MARKS] = ctx[C_BUSY]
    row[SPLIT_DEFERRED] = 0
    row[SPLIT_LONGEST] = 0
    row[SPLIT_SPANS] = 0


@njit(cache=True, inline="always")
def _busy(order, row, i):
    """Where outcome ``i``'s busy mark goes, and whether it is there (another thread, or
    this one, is searching it)."""
    mark = row[SPLIT_MARKS] + (row[BUCKET + i] & (BUSY_MARKS - 1))
    return mark, row[SPLIT_MARKS] > 0 and order[mark] == row[CHECK + i]


@njit(**KERNEL)
def split_next(k, N, clo, chi, order, tt, idx, chk, r, gu, use_tt, alpha, beta, stats, row):
    """(the outcome to search at step ``k`` of a split point's walk, the next step).

    A split point (C_SPLIT: a chance node with at least that many unseen cards) has
    outcomes that depend on each other only through the table and the window: units of
    work for threads on one card. Each thread walks them from its own start round to the
    first; one another thread has marked busy (C_BUSY, ``split_enter``) is deferred (-1: its
    bounds stay in the rest) and walked again once the first pass is over, when it is
    mostly in the table (one still busy then is searched by both, the second deferring the
    first's busy units below). Before a unit the node's own entry is read again: when
    another thread's entry settles the node, -2 and its value in the row. Not an inline
    helper: the search calls it only at split points, and code inlined there slowed every
    node by 1-2 % (measured)."""
    if row[SPLIT_DEFERRED] < 0:  # the second pass: the deferred outcomes, in order
        i = k
        while i < N and row[XY + i] < DEFER:
            i += 1
        if i == N:
            return -1, N
        row[XY + i] -= DEFER
        nxt = i + 1
        row[SPLIT_JOINED] = stats[S_NODES] if _busy(order, row, i)[1] else -1
    else:
        i = k + row[SPLIT_FROM]
        if i >= N:
            i -= N
        nxt = k + 1
        row[SPLIT_JOINED] = -1
        if clo[i] != chi[i] and _busy(order, row, i)[1]:
            row[XY + i] += DEFER
            row[SPLIT_DEFERRED] += 1
            stats[S_DEFERRED] += 1
            i = -1
        if nxt == N and row[SPLIT_DEFERRED] > 0:
            row[SPLIT_DEFERRED] = -1
            nxt = 0
        if i < 0:
            return -1, nxt
    if row[SPLIT_MARKS] and use_tt and clo[i] != chi[i]:
        _, cut, tv, _, _, _ = tt_probe(tt, idx, chk, r, gu, alpha, beta)
        if cut:
            row[SPLIT_VALUE] = tv
            return -2, nxt
    return i, nxt


@njit(**KERNEL)
def split_enter(i, order, stats, row):
    """Mark outcome ``i`` busy (where threads mark) and note the count as its unit begins."""
    if row[SPLIT_MARKS]:
        order[_busy(order, row, i)[0]] = row[CHECK + i]
    row[SPLIT_BEGAN] = stats[S_NODES] - stats[S_OFFPATH]


@njit(**KERNEL)
def split_leave(i, order, stats, row):
    """Clear outcome ``i``'s mark (unless another outcome's has replaced it) and count its
    unit: its span, the longest of the node's units (S_UNITS, S_OFFPATH), and its nodes
    when another thread was in it as this one began it (S_JOINED)."""
    mark, mine = _busy(order, row, i)
    if mine:
        order[mark] = 0
    unit = stats[S_NODES] - stats[S_OFFPATH] - row[SPLIT_BEGAN]
    if row[SPLIT_JOINED] >= 0:
        stats[S_JOINED] += stats[S_NODES] - row[SPLIT_JOINED]
    row[SPLIT_SPANS] += unit
    if unit > row[SPLIT_LONGEST]:
        row[SPLIT_LONGEST] = unit
    stats[S_UNITS] += 1


@njit(cache=True, inline="always")
def _order_moves(hand, alive, only, table, trump, ttmove, moves, keys):
    """The decision node's cards into ``moves``, best first; returns how many. Cards
    equivalent to a weaker zero-point card of the same hand are skipped. Order: the
    table's move, then a cheap heuristic."""
    nm = 0
    hm = hand
    while hm:
        c = lowbit_index(hm)
        hm &= hm - 1
        cb_ = np.int64(1) << c
        if only >= 0:
            if c != only:
                continue
        elif cb_ & ZERO_MASK:
            below = alive & SUIT_MASK[c // 10] & (cb_ - 1)
            if below and (hand >> highbit_index(below)) & 1:
                continue
        moves[nm] = c
        nm += 1
    for j in range(nm):
        c = moves[j]
        if ttmove >= 0 and canon_card(c, alive) == ttmove:
            keys[j] = -1000
        elif table < 0:
            # lead the cards with points first, trumps last (measured: 30 % fewer
            # nodes than low cards first from the deal, 13 % at talon 8)
            keys[j] = -(CARD_POINTS[c] * 4 + (c % 10)) + (40 if c // 10 == trump else 0)
        elif not leader_wins(table, c, trump):
            keys[j] = -CARD_POINTS[c] - 2 * CARD_POINTS[table] + (20 if c // 10 == trump else 0)
        else:
            keys[j] = 100 + CARD_POINTS[c] * 4 + (c % 10)
    sort_moves(moves, keys, nm)
    return nm


@njit(cache=True, inline="always")
def _child(c, h0, h1, table, top, unseen, turn, s0, s1, trump, obj, S, briscola, known):
    """The state after the mover plays ``c`` (a trick's end draws the known cards, or
    leaves a chance node), and (sign, offset) with which its value counts for the
    mover: (h0, h1, table, top, unseen, turn, pending, s0, s1, sign, offset). ``known``:
    the clairvoyant search's next two talon cards (loser's, new top: 6 bits each), or -1."""
    cbit = np.int64(1) << c
    nh0 = h0 & ~cbit if turn == 0 else h0
    nh1 = h1 & ~cbit if turn == 1 else h1
    ntable = -1
    ntop = top
    nunseen = unseen
    npend = 0
    ns0 = s0
    ns1 = s1
    if table < 0:
        sgn, off = child_offset(False, obj, np.int64(0), S)
        return nh0, nh1, c, ntop, nunseen, 1 - turn, npend, ns0, ns1, sgn, off
    w = 1 - turn if leader_wins(table, c, trump) else turn
    p = CARD_POINTS[table] + CARD_POINTS[c]
    if w == 0:
        ns0 += p
    else:
        ns1 += p
    if top >= 0:
        got = -1
        if known >= 0:
            got = known & 63
            if unseen:
                ntop = known >> 6
                nunseen = unseen & ~((np.int64(1) << got) | (np.int64(1) << ntop))
            else:
                ntop = -1
        elif unseen == 0:
            got = briscola
            ntop = -1
        else:
            npend = 1
        if npend == 0:
            nh0, nh1 = draw_hands(nh0, nh1, w, top, got)
    sgn, off = child_offset(w == turn, obj, p, S)
    return nh0, nh1, ntable, ntop, nunseen, w, npend, ns0, ns1, sgn, off


@njit(cache=True, inline="always")
def _slot_value(asked, tt, slots, j, alpha, beta, stats, work):
    """(settled, value) of child ``j`` from its entry, whose slot ``_ask_children`` found:
    where the stored bounds settle it in the window (exact, or a cut either way) the child
    is not called, so it is not hashed and probed a second time. It still counts as a node
    answered by the table, so node counts keep their meaning. ``asked``: 0 no slots, 1 the
    slot is handed to the child only, 2 the entry is read first."""
    if asked == 0 or slots[CHILD_BUCKET + j] < 0:
        return False, np.int64(0)
    if asked == 2:
        f, elo, ehi, _ = tt_read(tt, slots[CHILD_BUCKET + j], slots[CHILD_CHECK + j])
        if f:
            m = slots[CHILD_FACTOR + j]
            blo = slots[CHILD_OFFSET + j] + (elo * m if m > 0 else ehi * m)
            bhi = slots[CHILD_OFFSET + j] + (ehi * m if m > 0 else elo * m)
            if blo >= beta or blo == bhi or bhi <= alpha:
                stats[S_NODES] += 1
                stats[S_TTHIT] += 1
                return True, (bhi if bhi <= alpha else blo)
    _mail(work, stats, slots[CHILD_BUCKET + j], slots[CHILD_CHECK + j])
    return False, np.int64(0)


@njit(cache=True, inline="always")
def _ask_children(go, moves, nm, h0, h1, table, top, unseen, turn, s0, s1, trump, obj, S,
                  briscola, known, clair, alive, gen, etc, prefetch, tt, beta, slots):
    """What a trick's second card (a lead's children are mid-trick nodes, not in the table)
    does before it searches its children: find all their table slots and ask for the
    buckets, so the memory reads overlap and each child's entry can be read in the loop
    (``_slot_value``) instead of by the child (where C_PREFETCH is on), and from ``etc``
    cards alive read them for a child whose stored bound already proves the node >= beta
    (enhanced transposition cutoff). (first child to search: ``nm`` after a cut, its
    value, its move, what ``_slot_value`` does with the slots: read the entries only with
    the prefetch; in clairvoyant searches, where the cutoff alone finds them, reading them
    again in the loop measured 0.86-1.19 of the time)."""
    read = go and etc > 0 and popcount(alive) >= etc
    if not read and not (go and prefetch == 1):
        return 0, -INF, np.int64(-1), np.int64(0)
    for j in range(nm):
        slots[CHILD_BUCKET + j] = -1
        nh0, nh1, nt, ntop, nun, nturn, npend, ns0, ns1, sgn, off = _child(
            moves[j], h0, h1, table, top, unseen, turn, s0, s1, trump, obj, S, briscola, known)
        if popcount(nh0 | nh1) <= 2:
            continue  # no entry to ask for
        calive = nh0 | nh1 | nun
        if ntop >= 0:
            calive |= (np.int64(1) << ntop) | (np.int64(1) << briscola)
        mag = 2 * S if obj == OBJ_WIN else mask_points(calive) * S
        idx, chk, r, gu = _tt_slot(nh0, nh1, nt, ntop, nun, nturn, npend, ns0, calive, mag,
                                   obj, clair, briscola, trump, gen, S, tt.shape[0] - 1)
        tt_prefetch(tt, idx)
        (slots[CHILD_BUCKET + j], slots[CHILD_CHECK + j], slots[CHILD_FACTOR + j],
         slots[CHILD_OFFSET + j]) = idx, chk, r * gu * sgn, off
    if read:
        for j in range(nm):
            if slots[CHILD_BUCKET + j] >= 0:
                f, elo, ehi, _ = tt_read(tt, slots[CHILD_BUCKET + j], slots[CHILD_CHECK + j])
                if f:
                    m = slots[CHILD_FACTOR + j]
                    b = slots[CHILD_OFFSET + j] + (elo * m if m > 0 else ehi * m)
                    if b >= beta:
                        return nm, b, moves[j], np.int64(2)
    return 0, -INF, np.int64(-1), np.int64(2 if prefetch == 1 else 1)


_I = "int64"
SEARCH_SIG = (f"{_I}({_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, {_I}, "
              f"{_I}[::1], {_I}[::1], {_I}[:, ::1], {_I}[::1], {_I}[:, ::1])")


#: ``search``'s calls to itself (see context.self_call)
_itself = self_call(SEARCH_SIG)


@njit(**KERNEL)
def search(h0, h1, table, top, unseen, turn, pending, s0, s1, alpha, beta, only,
           ctx, order, tt, stats, work):
    """Value for ``turn`` (scaled), fail-soft. ``only`` >= 0: that card only, not stored;
    PROBE: the first move only, a lower bound (Star2), stored as one. ``work``: scratch rows."""
    NO, ZERO, ONE = np.int64(-1), np.int64(0), np.int64(1)  # typed
    obj, S, bri, trump, clair = ctx[C_OBJ], ctx[C_SCALE], ctx[C_BRISCOLA], ctx[C_TRUMP], ctx[C_CLAIR]
    n0, mine = _enter(work, stats)
    if stats[S_NODES] > stats[S_LIMIT] and not hold(stats):
        stats[S_ABORT] = 1
        return ZERO
    done, result, lo, hi, alive, mag = _node_bounds(h0, h1, table, top, unseen, turn, pending,
                                                    s0, s1, only, obj, S, bri, trump)
    alpha, beta = max(alpha, lo), min(beta, hi)
    if done or alpha >= beta:
        return result if done else alpha
    use_tt = only < 0 and ctx[C_NOTT] == 0 and popcount(h0 | h1) > 2 and table < 0
    idx, chk, r, gu, ttmove, bestmove, a0, b0 = ZERO, ZERO, ONE, ONE, NO, NO, alpha, beta
    if use_tt:
        idx, chk, r, gu = _slot(mine, work, h0, h1, table, top, unseen, turn, pending, s0, alive,
                                mag, obj, clair, bri, trump, ctx[C_GEN], S, tt.shape[0] - 1)
        found, cut, tv, alpha, beta, ttmove = tt_probe(tt, idx, chk, r, gu, alpha, beta)
        stats[S_TTHIT] += found
        if cut:
            return tv
        if pending == 1 and popcount(unseen) <= ctx[C_EXACT]:
            alpha, beta, a0, b0 = lo, hi, lo, hi  # exact (the module's docstring)
        if top < 0 and popcount(h0 | h1) == 6:
            return three_tricks(h0, h1, turn, s0, s1, obj, S, trump, ZERO, alpha, beta, tt, idx,
                                chk, a0, b0, lo, hi, r, gu, ctx[C_EPOCH], False)
    if pending == 1:
        # ---- chance node: Star1, then Star2 probes, then the outcomes in full ----
        clo, chi, crow, N, sum_lo, sum_hi = _chance_bounds(h0, h1, top, unseen, turn, s0, alive,
                                                          mag, lo, hi, obj, S, bri, tt, work)
        done, result = star1_cut(N, alpha, beta, ZERO, sum_lo, sum_hi)
        stats[S_CHANCE] += 1
        rev = ctx[C_REVERSE]
        # Star2 (see the module's docstring)
        if not done and popcount(unseen) <= ctx[C_STAR2] and beta < hi:
            done, result, sum_lo = _star2(h0, h1, turn, top, unseen, s0, s1, alpha, beta, N,
                                          clo, chi, crow, sum_lo, sum_hi, rev, ctx, order, tt,
                                          stats, work)
            if stats[S_ABORT]:
                return ZERO
        sp = rarely(not done and ctx[C_SPLIT] > 0 and popcount(unseen) >= ctx[C_SPLIT])
        if sp:
            split_start(ctx, N, work[crow])
        total, rest_lo, rest_hi = ZERO, sum_lo, sum_hi
        k = 0
        while k < N and not done:
            i = N - 1 - k if rev else k
            k += 1
            if sp:  # the walk of a split point (split_next)
                i, k = split_next(k - 1, N, clo, chi, order, tt, idx, chk, r, gu, use_tt, alpha,
                                  beta, stats, work[crow])
                if i < 0:
                    done, result = i == -2, work[crow, SPLIT_VALUE]
                    continue
            rest_lo -= clo[i]
            rest_hi -= chi[i]
            v = clo[i]
            if v != chi[i]:
                ca, cb = star1_window(N, alpha, beta, total, rest_lo, rest_hi, v, chi[i])
                nh0, nh1, ny, nun = _chance_child(h0, h1, turn, top, unseen, crow, i, work, stats)
                if sp:
                    split_enter(i, order, stats, work[crow])
                v = _itself(nh0, nh1, NO, ny, nun, turn, ZERO, s0, s1, ca, cb, NO, ctx, order,
                           tt, stats, work)
                if sp:
                    split_leave(i, order, stats, work[crow])
                if stats[S_ABORT]:
                    return ZERO
            total += v
            done, result = star1_cut(N, alpha, beta, total, rest_lo, rest_hi)
        if sp:
            stats[S_OFFPATH] += work[crow, SPLIT_SPANS] - work[crow, SPLIT_LONGEST]
        if not done:
            result = total // N
    else:
        # ---- decision node: principal variation search, later cards first get a null
        # window (where no chance node follows) ----
        row = 2 * popcount(alive) + (1 if table >= 0 else 0)
        moves = work[row, MOVES:KEYS]
        nm = _order_moves(h0 if turn == 0 else h1, alive, only, table, trump, ttmove, moves,
                          work[row, KEYS:SLOTS])
        known = NO
        if clair == 1 and table >= 0 and top >= 0:
            base = ctx[C_ORDLEN] - popcount(unseen) - 2
            known = order[base + 1] | ((order[base + 2] << 6) if unseen else ZERO)
        first, result, bestmove, asked = _ask_children(
            table >= 0 and nm > 1 and ctx[C_NOTT] == 0, moves, nm, h0, h1, table, top, unseen,
            turn, s0, s1, trump, obj, S, bri, known, clair, alive, ctx[C_GEN], ctx[C_ETC],
            ctx[C_PREFETCH], tt, beta, work[row, SLOTS:SLOTS_END])
        for j in range(first, nm):
            got, v = _slot_value(asked, tt, work[row, SLOTS:SLOTS_END], j, alpha, beta, stats,
                                 work)
            nh0, nh1, nt, ntop, nun, nturn, npend, ns0, ns1, sgn, off = _child(
                moves[j], h0, h1, table, top, unseen, turn, s0, s1, trump, obj, S, bri, known)
            wlo = alpha
            whi = alpha + 1 if j > 0 and beta - alpha > 1 and (clair or unseen == 0) else beta
            while not got:
                if sgn == 1:
                    v = off + _itself(nh0, nh1, nt, ntop, nun, nturn, npend, ns0, ns1, wlo - off,
                                     whi - off, NO, ctx, order, tt, stats, work)
                else:
                    v = off - _itself(nh0, nh1, nt, ntop, nun, nturn, npend, ns0, ns1, off - whi,
                                     off - wlo, NO, ctx, order, tt, stats, work)
                if stats[S_ABORT]:
                    return ZERO
                if whi >= beta or v < whi:
                    break
                wlo = v - 1  # the null window failed high: search again in full
                whi = beta
            result, bestmove, alpha = raise_best(v, moves[j], result, bestmove, alpha)
            if alpha >= beta or only == PROBE:
                break
    if use_tt and (only != PROBE or result > a0):  # a probe's value is a lower bound
        tt_save(tt, idx, chk, result, a0, result if only == PROBE else b0, lo, hi, r, gu,
                canon_card(bestmove, alive) + 1, work_class(stats[S_NODES] - n0), ctx[C_EPOCH])
    return result


def ready() -> None:
    """Load the search and its scratch rows' allocator now (see context.load_kernel): every
    search takes the rows, so a cold cache compiles both before a clock starts."""
    load_kernel(search, SEARCH_SIG)
    load_kernel(new_work, "()")


@njit(cache=True)
def new_work():
    w = np.zeros((MAIL + 1, ROW_LEN), dtype=np.int64)
    w[MAIL, MAIL_FOR] = -1
    return w


@njit(cache=True)
def endgame_batch(h0s, h1s, tables, turns, briscolas, out):
    """Every legal card's value (points objective) of many talon-empty positions.

    ``out[i, j]`` is the value of the j-th card (ascending card id) of the mover's hand.
    """
    ctx = np.zeros(C_SIZE, dtype=np.int64)
    ctx[C_SCALE] = 1
    ctx[C_NOTT] = 1
    order = np.zeros(1, dtype=np.int64)
    tt = np.zeros((1, TT_COLS), dtype=np.int64)
    stats = np.zeros(S_SIZE, dtype=np.int64)
    stats[S_LIMIT] = np.int64(1) << np.int64(62)
    work = new_work()
    for i in range(h0s.shape[0]):
        ctx[C_BRISCOLA] = briscolas[i]
        ctx[C_TRUMP] = briscolas[i] // 10
        turn = turns[i]
        hand = h0s[i] if turn == 0 else h1s[i]
        j = 0
        while hand:
            c = lowbit_index(hand)
            hand &= hand - 1
            out[i, j] = search(h0s[i], h1s[i], tables[i], np.int64(-1), np.int64(0), turn,
                               np.int64(0), np.int64(0), np.int64(0),
                               -INF, INF, c, ctx, order, tt, stats, work)
            j += 1
    return stats[S_NODES]
