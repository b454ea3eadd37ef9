"""A bot for tests/test_external.py: plays its first legal card, and on its second move
does what its first argument says (crash, exit0, garbage, escape, illegal, hang, close,
deaf, flood, unasked, infoflood, unended: its card with no newline; orphan: exits, a
child of its own holding its stdout; buffered: from its first move, answers into a
buffer it never flushes; linger: at quit, writes its process id to the --pid FILE's
FILE.quit and stays;
ok: nothing; info: an info line before every answer, one
after each deal's end and one at quit, and nothing else amiss; split: each answer is
followed, in the same write, by the start of an info line that the next move ends).
``--pid FILE`` writes its process id there first, and appends it to FILE.all;
``--log FILE`` appends every line it is sent; ``--at N`` misbehaves on move N, not the
second."""

import os
import sys
import time

mode = sys.argv[1]
args = dict(zip(sys.argv[2::2], sys.argv[3::2], strict=False))
if "--pid" in args:
    with open(args["--pid"], "w") as f:
        f.write(str(os.getpid()))
    with open(args["--pid"] + ".all", "a") as f:
        f.write(f"{os.getpid()}\n")
log = open(args["--log"], "a") if "--log" in args else None
moves = 0
if mode == "buffered":
    sys.stdout = open(1, "w", buffering=8192, closefd=False)  # as a pipe's stdout is
for line in sys.stdin:
    if log:
        log.write(line)
        log.flush()
    words = line.split()
    if mode == "info" and words[0] in ("end", "quit"):
        print(f"info {words[0]} \x1b[31m{' '.join(words[1:])}", flush=True)
    if words[0] == "quit":
        if mode == "linger":
            with open(args["--pid"] + ".quit", "a") as f:
                f.write(f"{os.getpid()}\n")
            time.sleep(1000)
        break
    if words[0] != "move":
        continue
    moves += 1
    legal = words[1].split(",")
    if mode == "info":
        print(f"info move {moves}: thinking about {legal}", flush=True)
    if mode == "split":
        sys.stdout.write(("" if moves == 1 else f"o split {moves}\n") + legal[0] + "\ninf")
        sys.stdout.flush()
        continue
    if moves == int(args.get("--at", 2)):
        if mode == "crash":
            raise RuntimeError("the bot's own bug")
        if mode == "exit0":
            sys.exit(0)
        if mode == "garbage":
            print("thinking...", flush=True)
            continue
        if mode == "escape":  # a terminal's escape sequence, which must not reach the terminal
            print("\x1b[31mred", flush=True)
            continue
        if mode == "illegal":
            every = [r + s for r in "A3RCF76542" for s in "BCDS"]
            print(next(c for c in every if c not in legal), flush=True)
            continue
        if mode == "hang":
            with open(args["--pid"] + ".hang", "w") as f:
                f.write("hanging")
            time.sleep(1000)
        if mode == "close":
            os.close(1)
            time.sleep(1000)
        if mode == "deaf":  # stops reading, answers, and waits: the next line cannot be sent
            os.close(0)
            print(legal[0], flush=True)
            time.sleep(1000)
        if mode == "flood":
            sys.stdout.write("x" * 100000)
            sys.stdout.flush()
            time.sleep(1000)
        if mode == "infoflood":
            sys.stdout.write("info x\n" * 10000)
            sys.stdout.flush()
            time.sleep(1000)
        if mode == "orphan":
            if os.fork() == 0:
                time.sleep(1000)
            os._exit(3)
        if mode == "unended":
            sys.stdout.write(legal[0])
            sys.stdout.flush()
            time.sleep(1000)
        if mode == "unasked":
            print(legal[0], flush=True)
            print("debug: I played", legal[0], flush=True)
            continue
    print(legal[0], flush=mode != "buffered")
