"""A kernel's call to itself (``context.self_call``) is typed by the kernel's declared
signature instead of numba's recursive inference: the values must be those of the plain
recursive call, arguments of other integer types are cast to the signature, a call with the
wrong number of arguments is refused at compile time, and each search kernel calls itself
only that way (a plain recursive call would bring back the slow inference)."""
from __future__ import annotations

import ast
import inspect

import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from solver.search import depth, general, scoperta
from solver.search.context import load_kernel, self_call

SIG = "int64(int64, int64, int64[::1])"
_again = self_call(SIG)


@njit(cache=False)
def _via_self_call(n, k, a):
    if n <= 1:
        return a[n] + k
    return _via_self_call_body(n, k, a)


@njit(cache=False, inline="always")
def _via_self_call_body(n, k, a):
    return _again(n - 1, k, a) * 3 - _again(n - 2, np.int32(k + 1), a)


@njit(cache=False)
def _plain(n, k, a):
    if n <= 1:
        return a[n] + k
    return _plain(n - 1, k, a) * 3 - _plain(n - 2, k + 1, a)


def test_a_self_call_gives_the_plain_recursions_values():
    """Two call sites a level, one of them inlined from a helper and one given an int32
    to cast: a Fibonacci-like recursion whose every value depends on both."""
    load_kernel(_via_self_call, SIG)
    a = np.array([5, -2], dtype=np.int64)
    for n in range(12):
        for k in (-3, 0, 7):
            assert _via_self_call(n, k, a) == _plain(n, k, a)


def test_a_self_call_with_the_wrong_arity_is_refused():
    bad = self_call(SIG)

    @njit(cache=False)
    def f(n, k, a):
        if n <= 0:
            return k
        return bad(n - 1, a)

    with pytest.raises(TypingError):
        f.compile("int64(int64, int64, int64[::1])")


@pytest.mark.parametrize("module, name", [(scoperta, "search"), (general, "search"),
                                          (depth, "dl_search")])
def test_every_kernel_calls_itself_through_its_self_call(module, name):
    tree = ast.parse(inspect.getsource(module))
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
    called = [n.func.id for n in ast.walk(fn)
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    assert name not in called
    assert called.count("_itself") >= 3
    binding = next(n for n in tree.body if isinstance(n, ast.Assign)
                   and any(isinstance(t, ast.Name) and t.id == "_itself" for t in n.targets))
    assert isinstance(binding.value, ast.Call) and binding.value.func.id == "self_call"
