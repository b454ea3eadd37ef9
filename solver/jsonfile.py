"""The user's files: reading the JSON the user hands us (records, puzzles, task logs, batch
lines) so that any bad input is one whole line naming the file and the line, never a
traceback; a JSON-lines file whose last line a crash cut short read without it; and writing
a file whole or not at all, so that a crash never leaves a user's file half written.

A UTF-8 byte-order mark is accepted; text that is not UTF-8, nesting deeper than
``MAX_DEPTH``, numbers of thousands of digits, Python's ``NaN`` and ``Infinity`` (no JSON
number: a log row holding one was printed back as JSON no strict reader takes), strings
holding a lone surrogate (``"\\ud800"``, which no output can print) and, in a stream of
lines, a line longer than ``MAX_LINE`` bytes are refused as JSON errors are.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
import warnings
from collections.abc import Callable
from itertools import islice

from solver.errors import ENGLISH, BriscolaError, Note, given

#: our files nest four levels (a match record's deals, a log row's analysis moves)
MAX_DEPTH = 32
#: the largest file read (records, puzzles, logs): over a million deals' records fit in it;
#: a device that never ends (/dev/zero) or a file of gigabytes is refused, not read into memory
MAX_FILE = 1 << 30
#: a position line fits in a few hundred bytes; a line of a stream (``analyse -``) beyond
#: this is refused without being held whole
MAX_LINE = 1 << 20
#: the bytes of a file's name kept in the name of a file made beside it (``.NAME.x.part``,
#: ``NAME.x.saved``): a name may take 255 bytes, and the longer one would not fit
NAME_BYTES = 200
#: the most bytes a file's name may take (ext4, XFS, Btrfs, APFS)
NAME_MAX = 255


class JSONFileError(BriscolaError):
    """JSON that cannot be used; the message is one line that names where it is."""


def _where(name: str, line: int | None) -> str:
    return f"{name}:{line}" if line is not None else name


def _at(where: str, key: str, **fields) -> JSONFileError:
    """The error of ``key`` told at ``where`` ("file:3: ..."; just the error when ``where``
    is empty), both keys kept so that it is said in the user's language."""
    e = JSONFileError.of(key, **fields)
    return JSONFileError.of("json.at", where=where, error=e) if where else e


#: the decoder's messages (as _decode_error leaves them) that the user's language can say
_DECODER = {
    ENGLISH[key]: key
    for key in (
        "json.expecting_value",
        "json.expecting_name",
        "json.expecting_colon",
        "json.expecting_comma",
        "json.unterminated",
        "json.control",
        "json.escape",
        "json.u_escape",
        "json.extra",
        "json.comma_object",
        "json.comma_array",
    )
}


def _decode_error(where: str, e: json.JSONDecodeError) -> JSONFileError:
    """The decoder's message as a whole phrase: its "Invalid control character at" ends on
    "at" because the decoder appends the position. A message the decoder is known to give
    is keyed (said in the user's language); another stays its own words."""
    msg = e.msg
    for tail in (" starting at", " at"):
        msg = msg.removesuffix(tail)
    key = _DECODER.get(msg)
    detail = JSONFileError.of(key) if key is not None else msg
    return _at(where, "json.decode", detail=detail, column=e.colno)


#: the system's reasons a file cannot be read or written, or a port listened on, that the
#: user's language can say, by errno's name (a system without one leaves it out); the
#: system's own words otherwise
_OS_REASONS = {
    getattr(errno, name): key
    for name, key in (
        ("ENOENT", "os.not_found"),
        ("EACCES", "os.denied"),
        ("EISDIR", "os.is_dir"),
        ("ENOTDIR", "os.not_dir"),
        ("ELOOP", "os.loop"),
        ("ENAMETOOLONG", "os.name_too_long"),
        ("ENOSPC", "os.no_space"),
        ("EDQUOT", "os.quota"),
        ("EROFS", "os.read_only"),
        ("EPERM", "os.not_permitted"),
        ("EEXIST", "os.exists"),
        ("EBUSY", "os.busy"),
        ("ETXTBSY", "os.text_busy"),
        ("EIO", "os.io"),
        ("EMFILE", "os.too_many_open"),
        ("ENFILE", "os.too_many_open_system"),
        ("EFBIG", "os.file_too_large"),
        ("ENXIO", "os.no_device_address"),
        ("ENODEV", "os.no_device"),
        ("EADDRINUSE", "os.address_in_use"),
        ("EADDRNOTAVAIL", "os.address_not_available"),
    )
    if hasattr(errno, name)
}


class TooLarge(OSError):
    """A file past ``MAX_FILE`` bytes (EFBIG), ``most`` the limit in words; said to the user
    keyed, through os_reason."""

    def __init__(self) -> None:
        self.most = _size(MAX_FILE)
        super().__init__(errno.EFBIG, ENGLISH["os.too_large"].format(most=self.most))


def os_reason(e: OSError) -> JSONFileError | str:
    """Why ``e`` failed, in the system's own words: keyed by its errno where the user's
    language has words for it (solver.i18n.ERRORS' ``os.*``), so that the English stays the
    system's on every system and the Italian is said."""
    if isinstance(e, TooLarge):
        return JSONFileError.of("os.too_large", most=e.most)
    words = str(e.strerror or e)
    key = _OS_REASONS.get(e.errno or 0)
    return words if key is None else JSONFileError.worded(key, words)


def read_bytes(path: str) -> bytes:
    """A whole file's bytes, as every reader of the user's files reads them: a named pipe
    with no writer reads as empty (open() would wait for one), and past ``MAX_FILE`` bytes
    (a file's size, or a device that never ends) TooLarge instead of the memory."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as f:
        os.set_blocking(fd, True)
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode) and st.st_size > MAX_FILE:
            raise TooLarge()
        data = f.read(MAX_FILE + 1)
    if len(data) > MAX_FILE:
        raise TooLarge()
    return data


def _size(n: int) -> str:
    """A byte count as the errors say it: in GiB, MiB or KiB when whole, else in bytes."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return f"{n >> shift} {unit}"
    return f"{n} bytes"


def _check_shape(obj) -> tuple[str, dict] | None:
    """What makes a loaded value unusable (too deep, a lone surrogate, no JSON number) as
    the key of its error and the fields, or None."""
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            if depth > MAX_DEPTH:
                return "json.deep", {"most": MAX_DEPTH}
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                if isinstance(k, str):
                    stack.append((k, depth))
                stack.append((v, depth + 1))
        elif isinstance(value, _NoNumber):
            return "json.constant", {}
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return "json.surrogate", {}
    return None


class _NoNumber(str):
    """``NaN``, ``Infinity`` or ``-Infinity`` as Python's decoder read them: no JSON number."""


def _object(pairs: list[tuple[str, object]]) -> dict:
    """An object's dict; a key written twice is refused, where Python's decoder kept its
    last value (a puzzle line's second "answer" silently replaced the first, so the file
    checked was not the file written)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                raise JSONFileError.of("json.key_twice", name=given(k))
            seen.add(k)
    return out


#: a JSON string, skipped whole, or one of Python's constants outside any string
_STRING_OR_CONSTANT = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|(-?Infinity|NaN)', re.DOTALL)


def _constant_error(text: str, where: str, whole_file: bool) -> JSONFileError:
    """The error of the first constant of ``text``, its line and column named as a decoding
    error's."""
    m = next((m for m in _STRING_OR_CONSTANT.finditer(text) if m.group(1)), None)
    pos, name = (m.start(1), m.group(1)) if m else (0, "NaN")
    line = text.count("\n", 0, pos) + 1
    at = f"{where}:{line}" if whole_file else where
    detail = JSONFileError.of("json.constant", name=name)
    return _at(at, "json.decode", detail=detail, column=pos - text.rfind("\n", 0, pos))


def parse(text: str, where: str, whole_file: bool = False):
    """The value of JSON ``text``; JSONFileError("``where``: what is wrong") otherwise (just
    what is wrong when ``where`` is empty).
    ``whole_file``: ``text`` is a file's, so a decoding error names its line (where:line)."""
    try:
        obj = json.loads(text, parse_constant=_NoNumber, object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        at = f"{where}:{e.lineno}" if whole_file else where
        raise _decode_error(at, e) from None
    except RecursionError:
        raise _at(where, "json.deep", most=MAX_DEPTH) from None
    except JSONFileError as e:  # a key twice, said where
        raise (JSONFileError.of("json.at", where=where, error=e) if where else e) from None
    except ValueError:  # an integer of thousands of digits
        raise _at(where, "json.long_number") from None
    bad = _check_shape(obj)
    if bad and bad[0] == "json.constant":
        raise _constant_error(text, where, whole_file)
    if bad:
        raise _at(where, bad[0], **bad[1])
    return obj


def loads(text: str, name: str, line: int | None = None):
    """parse() of file ``name``'s whole text, or of its ``line``; messages say file:line."""
    return parse(text, _where(name, line), whole_file=line is None)


def lines(text: str) -> list[str]:
    """The lines of a JSON Lines text, split where a line ends (``\\n``, ``\\r\\n`` or a lone
    ``\\r``) and nowhere else: str.splitlines also splits at U+2028, U+2029 and U+0085, which
    a JSON string may hold as they are (a valid line was refused, cut in two), and at form
    feeds and other controls, which moved every later line's number."""
    out = split_lines(text)
    return out[:-1] if not out[-1] else out


def split_lines(text: str) -> list[str]:
    """``text`` split where ``lines`` splits it, "" last when it ends with a line end: the
    lines ``torn_line`` reads (a last line without its end is the one a crash may cut)."""
    return _LINE_END.split(text)


_LINE_END = re.compile(r"\r\n|\r|\n")


def short_name(name: str) -> str:
    """``name`` cut to ``NAME_BYTES`` bytes of UTF-8 (a character is never split)."""
    return name.encode("utf-8", "surrogatepass")[:NAME_BYTES].decode("utf-8", "ignore")


def beside(path: str, suffix: str) -> str:
    """The path of a file kept beside ``path``: its name and ``suffix`` (``NAME.torn``); where
    that passes ``NAME_MAX`` bytes, the name cut by ``short_name`` and 8 hex digits of a hash
    of the whole name between (``NAME….1a2b3c4d.torn``), so that a name of 255 bytes has its
    file too, the same on every run, and two names alike in their first bytes have two."""
    folder, base = os.path.split(path)
    if len((base + suffix).encode("utf-8", "surrogatepass")) <= NAME_MAX:
        return path + suffix
    digest = hashlib.sha256(base.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return os.path.join(folder, f"{short_name(base)}.{digest}{suffix}")


def decode(data: bytes, name: str, line: int | None = None) -> str:
    """UTF-8 bytes as text (a byte-order mark dropped); JSONFileError names the line of the
    first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        at = line if line is not None else data.count(b"\n", 0, e.start) + 1
        where = _where(name, at) if name else ""
        raise _at(where, "json.not_utf8", byte=f"{data[e.start]:#04x}") from None


def read_text(path: str) -> str:
    """A whole file as text: UTF-8, a byte-order mark accepted."""
    try:
        data = read_bytes(path)
    except OSError as e:
        raise JSONFileError.of("json.cannot_read", path=path, why=os_reason(e)) from None
    return decode(data, path)


def stream_lines(stream, name: str):
    """(line number, text, None) of each line of the binary ``stream``, or (line number,
    the part of it that can be shown, JSONFileError) for a line too long or not UTF-8: a bad
    line does not stop the others. No line is held in memory beyond ``MAX_LINE`` bytes.
    Messages name ``name``:line, or nothing when ``name`` is empty."""
    n = 0
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        n += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            head, size = raw[:100], len(raw)
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE + 1)
                size += len(raw)
            yield (
                n,
                head.decode("utf-8", "replace") + "…",
                _at(
                    _where(name, n) if name else "",
                    "json.long_line",
                    size=f"{size:,}",
                    most=f"{MAX_LINE:,}",
                ),
            )
            continue
        try:
            yield n, decode(raw, name, n), None
        except JSONFileError as e:
            yield n, raw.decode("utf-8", "replace"), e


def kind(value) -> JSONFileError | str:
    """What a JSON value is, in words (said in the user's language where a message holds
    them), for a message that must not quote it whole."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return JSONFileError.of("json.kind.number")
    names: dict[type, str] = {str: "string", list: "list", dict: "object"}
    return JSONFileError.of(f"json.kind.{names.get(type(value), 'value')}")


def torn_line(lines: list[str], begins: str = "") -> bool:
    """Whether the last of ``lines`` (a JSON Lines text as ``split_lines`` splits it, at
    ``\\n``, ``\\r\\n`` or a lone ``\\r``, so "" last when the text ends with a line end) is
    a line a crash cut short: it lacks its line end and is not JSON, while some line before
    it is, or, given ``begins`` (how every line of the file begins), it is the only line and
    agrees with ``begins`` as far as it goes (a first line cut short). Not torn: a whole
    text, a whole last line without its line end, a line nested too deep or holding a
    number too long to read (JSON, which ``parse`` refuses in its turn), or a text that is
    not JSON Lines at all."""
    tail = lines[-1]
    if not tail.strip() or _is_json(tail):
        return False
    before = (line for line in islice(reversed(lines), 1, None) if line)
    last = next(before, None)  # the last line before it, blank lines (newlines) skipped
    if last is not None and (last.strip() or any(line.strip() for line in before)):
        return _is_json(last)
    return bool(begins) and (tail.startswith(begins) or begins.startswith(tail))


def _is_json(line: str) -> bool:
    """Whether ``line`` is JSON text, usable or not: only the decoder's own error says it is
    not (a line nested too deep or a number too long to read is whole; ``parse`` refuses it
    in its turn)."""
    try:
        json.loads(line)
    except json.JSONDecodeError:
        return False
    except (ValueError, RecursionError):
        return True
    return True


def without_torn_tail(text: str, name: str) -> tuple[str, Note | None]:
    """``text`` less a last line a crash cut short (``torn_line``) and the note that says so,
    or ``text`` and None: the lines before it are the user's, and are read. The caller
    says the note (``tell``) once what it read is checked: a refusal of the rest is one
    line, and a refusal the torn line explains ("holds 3 records") says it within."""
    lines = split_lines(text)
    if not torn_line(lines):
        return text, None
    note = Note.of("note.torn_line", name=name, n=len(lines))
    return text[: len(text) - len(lines[-1])], note


def tell(note: Note | None, warn: Callable[[str], None] | None) -> None:
    """Say ``note`` (nothing when None) through ``warn``, or Python's warnings when None,
    which name the line that called the reader calling this (the user's)."""
    if note is None:
        return
    if warn is None:
        warnings.warn(str(note), stacklevel=3)
    else:
        warn(note)


def write_whole(path: str, text: str, replace: bool = True) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a new file beside it, flushed to
    the disk, then renamed over it, so that a crash or a full disk leaves the old file as it
    was (an existing file keeps its permissions). A path that is not a regular file (a
    device, a pipe) is written in place. ``replace`` False: a file at ``path`` is never
    written over, even one made since the caller looked (another run's output): the new
    file is linked there only if nothing is (the link's FileExistsError otherwise). OSError
    when it cannot be written."""
    path = os.path.realpath(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and replace and not stat.S_ISREG(mode):
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return
    folder, base = os.path.split(path)
    spare = os.path.join(folder, f".{short_name(base)}.{secrets.token_hex(4)}.part")
    fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(spare, stat.S_IMODE(mode))
        if replace:
            os.replace(spare, path)
        else:
            _put_new(spare, path, text)
    finally:
        try:
            os.unlink(spare)
        except OSError:
            pass


def _put_new(spare: str, path: str, text: str) -> None:
    """The whole file ``spare`` made ``path`` only where no file is (a link fails on one);
    on a file system without links, ``text`` written into a file made new there."""
    try:
        os.link(spare, path)
        return
    except FileExistsError:
        raise
    except OSError:
        pass
    with open(path, "x", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
