"""A complete bot for `briscola match` and `briscola simulate` (docs/bots.md): it plays its
lowest legal card. Try it: briscola match "exec:python3 examples/lowest_bot.py" greedy"""

import sys

#: the ranks from the lowest to the highest (A 3 R C F 7 6 5 4 2 is the order of strength)
ORDER = "2 4 5 6 7 F C R 3 A".split()


def lowest(cards):
    """The weakest of the cards, by rank (a card is rank then suit: AS, 3C, FD)."""
    return min(cards, key=lambda card: ORDER.index(card[:-1]))


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "briscola" and words[1] != "1":
        sys.exit(f"this bot speaks version 1 of the protocol, not {words[1]}")
    if words[0] == "move":  # move LEGAL SECONDS POSITION...
        print(lowest(words[1].split(",")), flush=True)
    elif words[0] == "quit":
        break
    # "new VARIANT" and "end POINTS" need no answer; any other line is ignored
