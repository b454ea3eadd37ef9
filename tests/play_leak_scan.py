"""Scan: `briscola play` in a hidden game, fed by a pipe, names no card the human's seat
cannot see before the deal ends. Run: PYTHONPATH=. python tests/play_leak_scan.py [DEALS]

Each deal is played k cards by place (with hint, u, b and a card not held typed between),
then quit; its record (--record-out) gives the seat's view at the quit, and no line said
names a card still unseen then, but for the set listings ('u', the board's Unseen)."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from seat_leak_scan import SET_LINE, mentioned  # noqa: E402
from solver.cards import card_str  # noqa: E402
from solver.record import read_record, replay  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def run(variant, seed, level, lang, rng, tmp):
    k = rng.randrange(1, 18)
    lines, typed = [], set()
    for _ in range(k):
        for word in ("hint", "u", "b"):
            if rng.random() < 0.4:
                lines.append(word)
        wrong = rng.randrange(40)
        typed.add(wrong)
        lines += [card_str(wrong), str(rng.randint(1, 3))]
    lines.append("q")
    rec = os.path.join(tmp, f"{variant}{seed}.json")
    r = subprocess.run([sys.executable, "-m", "cli.main", "play", "--variant", variant,
                        "--seed", str(seed), "--level", level, "--time-per-move", "0.05",
                        "--lang", lang, "--record-out", rec, "--force"],
                       input="\n".join(lines) + "\n", capture_output=True, text=True,
                       cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"})
    out = r.stdout + r.stderr
    problems = []
    if r.returncode != 0 or "Traceback" in out:
        return [("crash", r.returncode, out[-600:])], 0
    state = replay(read_record(rec))
    if state.is_over:
        return [], 0
    hidden = state.view(1).unseen_cards.mask
    for line in out.splitlines():
        if "(AD, 3c, 1D ...," in line:  # the welcome's example of a card typed
            continue
        if SET_LINE.search(line) or line.startswith(("Cards you have not seen",
                                                      "Carte che non hai visto")):
            continue
        leaked = [card_str(c) for c in mentioned(line, lang)
                  if (hidden >> c) & 1 and c not in typed]
        if leaked:
            problems.append((f"leak {leaked}", seed, line))
    return problems, len(state.moves)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    rng = random.Random(7)
    problems, deals, moves = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for variant in ("classic", "briscolone", "libero"):
            for i in range(n):
                level = ("easy", "medium", "hard")[i % 3]
                p, m = run(variant, 5000 + i, level, ("en", "it")[i % 2], rng, tmp)
                problems += p
                deals += 1
                moves += m
    print(f"deals {deals}, moves before the quit {moves}, problems {len(problems)}")
    for p in problems[:20]:
        print(p)


if __name__ == "__main__":
    main()
