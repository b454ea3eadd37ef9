"""A search thread held at its node limit: the kernel's side of threads in lockstep.

Threads advanced a fixed number of nodes at a time each, in rounds (solver/analysis/
parallel.py, Lockstep), search as that many cores of equal speed would, whatever cores the
machine has: how the threads share a search, measured on two cores. The kernel calls
``hold`` only once a thread is past its limit (``S_LIMIT``), so a search outside lockstep
pays nothing for it: there ``hold`` says stop at once, as the limit always meant.
"""
from __future__ import annotations

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from solver.search.context import S_GRANT, S_HELD, S_LIMIT, S_NODES, S_STOP

#: how long a held thread sleeps between looks at its grant
NAP_US = 20


@intrinsic
def load_acquire(typingctx, arr, i):
    """``arr[i]`` read from memory each time (an atomic load): another thread writes it."""
    def codegen(context, builder, sig, args):
        aryty = sig.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer2(context, builder, ary.data,
                                        cgutils.unpack_tuple(builder, ary.shape),
                                        cgutils.unpack_tuple(builder, ary.strides),
                                        aryty.layout, [args[1]])
        return builder.load_atomic(ptr, "acquire", 8)
    return types.int64(arr, types.int64), codegen


@intrinsic
def nap(typingctx, us):
    """Sleep ``us`` microseconds (libc's usleep), leaving the core to the running threads."""
    def codegen(context, builder, sig, args):
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i32, [i32]),
                                            "usleep")
        builder.call(fn, [builder.trunc(args[0], i32)])
        return context.get_dummy_value()
    return types.void(us), codegen


@njit(cache=True, nogil=True)
def hold(stats):
    """Whether a thread past its limit goes on: outside lockstep (no grant) it stops;
    in lockstep it waits until its grant is above its node count, then takes the grant as
    its new limit, or until it is told to stop."""
    if stats[S_GRANT] == 0:
        return False
    stats[S_HELD] = 1
    while load_acquire(stats, S_GRANT) <= stats[S_NODES] and load_acquire(stats, S_STOP) == 0:
        nap(NAP_US)
    stats[S_LIMIT] = load_acquire(stats, S_GRANT)
    stats[S_HELD] = 0
    return load_acquire(stats, S_STOP) == 0
