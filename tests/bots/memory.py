"""A bot for tests/test_external.py that would cheat in a duplicate match: it remembers every
deal it plays, and a deck it has seen before is a deck whose other side it knows (in
scoperta its talon's order too: it saw every draw). Where every hand is shown (scoperta) it
knows a deck again for sure, by the hands dealt and the trump card: then it exits, saying
so on stderr, which ends the match. In every game it appends one JSON line a deal to
the file its first argument names: its process id, its seat, the cards it held at its first
move and the trump card, for the test to find the deck. Plays its first legal card."""

import json
import os
import sys

log_path = sys.argv[1]
seen = set()
first = False
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "quit":
        break
    if words[0] == "new":
        first = True
    if words[0] != "move":
        continue
    legal = words[1].split(",")
    if first:
        first = False
        fields = dict(w.split("=", 1) for w in words[3:] if "=" in w)
        seat = int(fields["turn"])
        table = [c for c in fields.get("table", "-").split(",") if c != "-"]
        hands = {}
        for s in (1, 2):
            text = fields.get(f"hand{s}", "?")
            hands[s] = [] if text in ("?", "-") else text.split(",")
        if seat == 2 and hands[1]:
            hands[1] += table  # player 1 led: its card was in the hand dealt
        with open(log_path, "a") as f:
            row = {"pid": os.getpid(), "seat": seat, "hand": sorted(hands[seat]),
                   "briscola": fields.get("briscola")}
            f.write(json.dumps(row) + "\n")
        if hands[1] and hands[2]:  # every hand shown: the deck is known for sure
            deck = (frozenset(hands[1]), frozenset(hands[2]), fields.get("briscola"))
            if deck in seen:
                sys.exit("I have seen this deck before: I know its talon's order")
            seen.add(deck)
    print(legal[0], flush=True)
