"""Scan: does any command tell a seat a card it cannot see, or a number without saying
what it is? Run: PYTHONPATH=. python tests/seat_leak_scan.py [N_PER_GAME] [SEED]

Seat positions come from greedy/random deals of every game (GameState.view of the seat
to move, with its tricks= and without), hand1=? and hand2=?, and from random scoperta
positions; each goes through analyse, best, explain, show (text and --json, en and it).
"""
from __future__ import annotations

import json
import random
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cli.main import cli  # noqa: E402
from solver.cards import card_name, card_str  # noqa: E402
from solver.game import deal, legal_cards, play  # noqa: E402
from solver.position import SeatPosition, parse_position  # noqa: E402
from solver.random_positions import random_positions  # noqa: E402

CODE = re.compile(r"(?<![A-Za-z0-9])[2-7AFCR3][BCDS](?![A-Za-z0-9])")
CODES = {card_str(c): c for c in range(40)}
NAMES = {lang: [(c, re.compile(r"(?<![\w'])" + re.escape(card_name(c, lang)) + r"(?!\w)"))
                for c in range(40)] for lang in ("en", "it")}
#: lines that list the seat's unknown cards as a set, placing none of them
SET_LINE = re.compile(r"^\s*(Unseen|Carte non viste|Trumps in play|Briscole in gioco|"
                      r"Trumps still out|Briscole ancora fuori)\b")
EXACT = re.compile(r"\b(exact|exactly|esatt[oaie]|esattamente|estimate|ESTIMATE|stima|STIMA|"
                   r"estimated|stimat[oaie])\b")
#: where each command says what its ± covers
PM_SAYS = {"analyse": r"^(interval|intervallo): ",
           "best": r"\((estimate|stima) ±[\d.,]+[^,)]*, [^)]+\)",
           "explain": r"± (is|è) ",
           "showsvg": r"(estimate|stima); ± (covers|copre)"}


def mentioned(text: str, lang: str) -> set[int]:
    out = {CODES[m.group(0)] for m in CODE.finditer(text)}
    return out | {c for c, pat in NAMES[lang] if pat.search(text)}


def without_sets(data):
    """The JSON less its set listings of the seat's unknown cards."""
    if isinstance(data, dict):
        return {k: without_sets(v) for k, v in data.items() if k not in SET_KEYS}
    if isinstance(data, list):
        return [without_sets(v) for v in data]
    return data


SET_KEYS = {"unseen", "trumps_out"}


def svg_text(path: str, pos) -> str:
    """The picture's words, less its set of the trumps not yet played (a row of cards)."""
    words = re.findall(r">([^<>]+)<", Path(path).read_text())
    out, skip = [], False
    for w in words:
        if re.match(r"(trumps not yet played|briscole ancora da giocare)", w):
            skip = True
            continue
        if skip and (CODE.fullmatch(w) or len(w) == 1 or w in ("10", "3")):
            continue
        skip = False
        out.append(w)
    return "\n".join(out)


def hidden_of(pos) -> int:
    """The cards the seat cannot place."""
    if isinstance(pos, SeatPosition) and pos.talon_size == 0:
        return 0  # the other hand known by elimination
    return pos.unseen_cards.mask


def game_positions(variant: str, n: int, rng: random.Random):
    out = []
    for _ in range(n):
        s = deal(variant, rng.randrange(2**31))
        stop = rng.randrange(40)
        greedy = rng.random() < 0.5
        while not s.is_over and len(s.moves) < stop:
            cards = legal_cards(s)
            s = play(s, cards[0] if greedy and len(cards) > 1 and rng.random() < 0.3
                     else rng.choice(cards))
        if s.is_over:
            continue
        view = s.view(s.to_move + 1)
        text = view.to_text()
        out.append(text)
        if " tricks=" in text and rng.random() < 0.5:
            out.append(re.sub(r" tricks=\S+", "", text))
    return out


def commands(text: str, rng: random.Random, svg: str):
    for lang in ("en", "it"):
        t = ["--time-limit", rng.choice(("0.15", "0.15", "1"))]
        objectives = ("points", "win") if " score=" in text else ("points",)
        for o in objectives:
            ob = ["--objective", o]
            yield ["analyse", *t, *ob, "--lang", lang, text]
            yield ["analyse", *t, *ob, "--lang", lang, "--json", text]
            yield ["best", *t, *ob, "--lang", lang, text]
            yield ["best", *t, *ob, "--lang", lang, "--json", text]
            yield ["explain", *t, *ob, "--lang", lang, text]
            yield ["explain", *t, *ob, "--lang", lang, "--json", text]
        yield ["show", "--lang", lang, text]
        yield ["show", "--lang", lang, "--svg", svg, "--force", "--with-analysis",
               "--time-limit", "0.15", text]


def check(text: str, args, out: str, rc: int, problems: list):
    pos = parse_position(text)
    lang = args[args.index("--lang") + 1]
    hidden = hidden_of(pos)
    if "--svg" in args and rc == 0:
        out = svg_text(args[args.index("--svg") + 1], pos)
    if "Traceback" in out or rc not in (0, 2):
        problems.append(("crash", args, out[-800:]))
        return
    if rc == 2:
        if args[0] != "explain":
            problems.append(("refused", args, out))
        return
    is_json = "--json" in args
    if is_json:
        data = json.loads(out)
        flat = json.dumps(without_sets(data), ensure_ascii=False)
        lines = [flat]
        if args[0] in ("analyse", "best"):
            if "exact" not in data:
                problems.append(("json: no exact", args, flat[:400]))
            has_err = any("error" in m for m in data.get("moves", []))
            if has_err and "interval" not in data:
                problems.append(("json: error without interval", args, flat[:400]))
            if has_err and data.get("exact"):
                problems.append(("json: error on an exact answer", args, flat[:400]))
    else:
        lines = out.splitlines()
    for line in lines:
        if SET_LINE.search(line) or line.startswith(("facts.unseen",)):
            continue
        if lang == "it" and re.match(r"^\s*Carte non viste", line):
            continue
        named = mentioned(line, "en" if is_json else lang)
        leaked = [card_str(c) for c in named if (hidden >> c) & 1]
        if leaked:
            problems.append(("leak " + ",".join(leaked), args, line))
    if is_json or (args[0] == "show" and "--svg" not in args):
        return
    body = CODE.sub("", out)
    has_num = re.search(r"[+-]?\d+[.,]\d+|±", body)
    if args[0] == "best" and has_num and not EXACT.search(out):
        problems.append(("best: number unlabelled", args, out))
    if args[0] == "analyse" and not EXACT.search(out.splitlines()[1]):
        problems.append(("analyse: header unlabelled", args, out))
    if "±" in out and not re.search(PM_SAYS[args[0] + ("svg" if "--svg" in args else "")],
                                    out, re.M):
        problems.append(("± says nothing", args, out))
    for line in out.splitlines():
        if re.match(r"(Value of each card|Valore di ogni carta)", line) and not EXACT.search(
                line):
            problems.append(("explain: values unlabelled", args, out))


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    texts = []
    for v in ("classic", "briscolone", "libero", "scoperta", "scoperta4"):
        texts += game_positions(v, n, rng)
    for p in random_positions(seed, n, talon=[0, 2, 4, 6, 10, 20], mid_trick=False):
        texts.append(p.to_text())
    for p in random_positions(seed + 1, n, talon=[0, 2, 4, 8], mid_trick=True,
                              with_score=True):
        texts.append(p.to_text())
    runner = CliRunner()
    problems: list = []
    ran = Counter()
    svg = str(Path(tempfile.mkdtemp()) / "p.svg")
    for i, text in enumerate(texts):
        for args in commands(text, rng, svg):
            r = runner.invoke(cli, args, env={"NO_COLOR": "1"})
            out = r.output
            if r.exception and not isinstance(r.exception, SystemExit):
                import traceback
                out += "".join(traceback.format_exception(r.exception))
            kind = args[0] + (" --json" if "--json" in args else "") + (
                " --svg" if "--svg" in args else "") + (" win" if "win" in args else "")
            ran[f"{kind} rc={r.exit_code}"] += 1
            check(text, args, out, r.exit_code, problems)
        print(f"{i + 1}/{len(texts)} positions, {len(problems)} problems", file=sys.stderr,
              flush=True)
    kinds = Counter(p[0].split()[0] for p in problems)
    print(f"positions {len(texts)}; runs {dict(ran)}; problems {dict(kinds)}")
    seen = set()
    for kind, args, line in problems:
        key = (kind.split()[0], args[0], "--json" in args)
        if key in seen and kind != "crash":
            continue
        seen.add(key)
        print("---", kind, args)
        print(line)


if __name__ == "__main__":
    main()
