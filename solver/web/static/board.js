// The analysis board: plain JavaScript over the JSON API (no build step, nothing fetched
// from outside). The server draws every picture; this file wires clicks and keys to
// requests, and draws the game view (tricks, evaluation graph, review) from the replies.
"use strict";

const $ = (id) => document.getElementById(id);
const client = (localStorage.getItem("briscola-client") ||
  (() => { const c = Math.random().toString(36).slice(2); localStorage.setItem("briscola-client", c); return c; })());

const S = {
  mode: "game",        // "game" | "view" (no game: a position of a variant we cannot play on) | "puzzle"
  game: null,          // the game record the server sends back
  view: null,          // the view on the board (position, svg, legal, turn, ply, ...)
  plies: [], tricks: [],   // the whole deal's cards and finished tricks
  redo: [],            // cards taken back
  redoGame: null,      // the record before they were taken back (redo gives its moves back)
  rev: {},             // move number -> the review of that card
  revObjective: "points",  // what S.rev was judged by: points, or win chance
  reviewing: false,
  variants: [],        // the games the server deals (GET /api/variants): name, players, ...
  analysis: null,
  busy: false,
  puzzles: [], pz: 0, right: 0, done: 0, answered: false, counted: {}, tried: null,
  wrong: [],           // cards tried and wrong in the puzzle on the board
  search: 0,           // the latest analysis asked: an older one's lines are not said
  searching: 0,        // analyses in flight (Stop stops the client's, the latest or an older one)
};
let T = {};            // the page's words in the chosen language (GET /api/strings)

function t(key, vars) {
  // a count {n} of 1 takes the page's words for one ("KEY.one") where it has them
  if (vars && String(vars.n) === "1" && T[key + ".one"] !== undefined) key += ".one";
  let s = T[key] !== undefined ? T[key] : key;
  for (const k in (vars || {})) s = s.split("{" + k + "}").join(vars[k]);
  return s;
}

async function api(path, body) {
  // pictures for a phone-sized screen put the facts under the talon
  const narrow = window.innerWidth < 700;
  if (body === undefined && narrow) path += (path.includes("?") ? "&" : "?") + "narrow=1";
  path = withLang(path);
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...body, narrow }) };
  let r, j = null;
  try { r = await fetch(path, opts); } catch (e) { throw new Error(t("error.network")); }
  try { j = await r.json(); } catch (e) { /* not JSON: said below in the page's words */ }
  if (!r.ok || !j) {
    const e = new Error((j && j.error) || t("error.status", { status: r.status }));
    e.cancelled = !!(j && j.cancelled);
    throw e;
  }
  return j;
}

function lang() { return $("lang").value; }
// the page's language travels in the address alone, on every request (never in a body): the
// server reads it there, even for a body it refuses unread (too large)
function withLang(path) { return path + (path.includes("?") ? "&" : "?") + "lang=" + lang(); }
function status(text, error) {
  // given as a function, the line is said again in a language chosen later
  S.said = typeof text === "function" ? text : null;
  $("status").textContent = (S.said ? S.said() : text) || "";
  $("status").className = error ? "error" : "";
}
function fail(e) { if (!e.cancelled) status(e.message, true); }
function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }   // a line starts a sentence
function escapeHtml(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c])); }
function pname(n) { return t("player_n", { n }); }

// ----- whose eyes the board has ----------------------------------------------------------
// In the hidden-card games the server draws the board from the seat you play (0: the
// player to move), the other hand as card backs, unless you ask for open hands.
function viewer() { return { seat: +$("human").value, open: $("open-hands").checked }; }
function hidesHand() { return !!(S.view && S.view.hidden); }
function othersTurn() { return hidesHand() && S.view.turn !== S.view.seat; }
// "you play" offers the seats of the deal on the board and of the game chosen for the next
// one: players 3 and 4 and "every seat" where four play, "both" where two do; a seat the
// deal on the board lacks is for the next deal, and the engine plays no seat of it
function playersOf(variant) { const v = S.variants.find((x) => x.name === variant); return v ? v.players : 0; }
function seatChoices() {
  const game = S.mode === "game" && S.view ? S.view.players : 0;
  const four = game === 4 || playersOf($("variant").value) === 4;
  for (const o of $("human").options) if (+o.value > 2) o.hidden = o.disabled = !four;
  const every = $("human").querySelector('option[value="0"]');
  every.dataset.t = four ? "seat.all" : "seat.both";
  every.textContent = t(every.dataset.t);
  if (!four && game) fitSeat(game);
}
function fitSeat(players) { if (players && +$("human").value > players) $("human").value = "1"; }
function seatOnBoard() { return !S.view || +$("human").value <= (S.view.players || 2); }
// the player whose hand the pictures draw at the bottom, as a card table draws your own: the
// seat you play (a game view's default, from the seat it names), the mover in a puzzle
// (0), player 1 for every seat; a position only shown, the server's default (a seat's view
// from its seat, any other from player 1)
function bottom() {
  if (S.mode === "puzzle") return 0;
  if (S.mode === "view") return undefined;
  const human = +$("human").value;
  return S.mode === "game" && human && seatOnBoard() ? human : 1;
}
function levelName(l) {
  const m = /^engine:(.+)$/.exec(l);
  return m ? t("level.engine", { s: num(+m[1], 3, { trim: true }) }) : t("level." + l);
}

// ----- the words of the page ------------------------------------------------------------
async function loadStrings() {
  try { T = await api("/api/strings"); } catch (e) { T = {}; }
  document.documentElement.lang = lang();
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  for (const el of document.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
  for (const el of document.querySelectorAll("[data-t-ph]")) el.placeholder = t(el.dataset.tPh);
  document.title = t("page.title");
}

// ----- the board ---------------------------------------------------------------------
function draw(svg) {
  $("board").innerHTML = svg || "";
  foldPlayed();
  if (S.mode === "puzzle") markWrong();
  const v = S.view;
  for (const g of $("board").querySelectorAll("svg g.card")) {   // every card has a text label
    if (!g.getAttribute("aria-label")) g.setAttribute("aria-label", g.dataset.card || "");
  }
  if (!v || !v.legal) return;
  const seat = v.turn || v.to_move;
  const human = +$("human").value;
  const mine = S.mode !== "game" || human === 0 || human === seat;
  if (!mine) return;
  for (const g of $("board").querySelectorAll(`g.card[data-place="hand${seat}"]`)) {
    if (!v.legal.includes(g.dataset.card)) continue;
    g.classList.add("playable");
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-label", t("play_card", { card: g.dataset.card }));
    g.addEventListener("click", () => clickCard(g.dataset.card));
    g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); clickCard(g.dataset.card); } });
  }
}

function foldPlayed() {
  // the cards already played fold away under their title line
  const svg = $("board").querySelector("svg");
  const title = svg && svg.querySelector("text.played-title");
  if (!title) return;
  const full = svg.dataset.full || svg.getAttribute("viewBox");
  svg.dataset.full = full;
  const [, , w, h] = full.split(" ").map(Number);
  const show = $("show-played").checked;
  const hh = show ? h : +title.getAttribute("y") + 8;
  svg.setAttribute("viewBox", `0 0 ${w} ${hh}`);
  svg.setAttribute("height", hh);
  svg.classList.toggle("hide-played", !show);
}

function resultText(r, players) {
  // four players win as a team: the side of players 1 and 3, or of 2 and 4
  const [a, b] = r.points;
  if (r.since_start) return `${a} – ${b} · ` + t("since_start");
  if (!r.winner) return `${a} – ${b} · ` + t("draw");
  return `${a} – ${b} · ` + (players === 4 ? t("wins.team", { a: r.winner, b: r.winner + 2 })
    : t("wins", { p: pname(r.winner) }));
}

function showView(v, keepAnalysis) {
  S.view = v;
  if (v.game) { S.game = v.game; S.sinceStart = !!v.since_start; }
  if (v.plies) { S.plies = v.plies; S.tricks = v.tricks; }
  const text = v.notation || v.position;   // a finished deal's: its final position
  if (text) $("notation").value = text;
  notationError("");
  if (!keepAnalysis) { S.analysis = null; $("analysis").innerHTML = ""; $("pv").innerHTML = ""; $("explanation").textContent = ""; }
  draw(v.svg);
  const over = $("over");
  if (v.over && v.result) {   // the final position stays, the result over it
    over.hidden = false;
    $("over-text").textContent = resultText(v.result, v.players) + (v.last ? " · " + t("last_card", { card: v.last }) : "");
    status(() => t(v.result.since_start ? "deal_over.since" : "deal_over", { a: v.result.points[0], b: v.result.points[1] }));
  } else over.hidden = true;
  $("undo").disabled = !(S.mode === "game" && S.game && S.game.moves.length);
  $("redo").disabled = !(S.mode === "game" && S.redo.length);
  $("download").disabled = $("review").disabled = !(S.mode === "game" && S.game);
  // the other hand is hidden till the deal's end
  const noReview = v.reviewable === false ? "review.after_deal" : "";
  if (noReview) $("review").disabled = true;
  $("review").title = noReview ? t(noReview) : "";
  // said beside the button too (its aria-describedby): a tooltip shows to a mouse alone
  const why = noReview && S.mode === "game" && S.game ? t(noReview + ".short") : "";
  $("review-why").textContent = why ? `(${why})` : "";
  $("review-why").hidden = !why;
  $("review-out").hidden = S.mode !== "game" || !Object.keys(S.rev).length;   // the deal's, with the deal
  seatChoices();
  renderGameView();
}

function live() { return !S.view || S.view.ply === undefined || S.view.ply === S.plies.length; }

async function clickCard(card) {
  if (S.busy) return;
  if (S.mode === "puzzle") return answerPuzzle(card);
  if (S.mode !== "game") { status(() => t("view_only")); return; }
  try {
    S.busy = true;
    const g = JSON.parse(JSON.stringify(S.game));
    if (!live()) {   // a card played at an earlier move starts a new line from there
      g.moves = g.moves.slice(0, S.view.ply); delete g.result;
      for (const k in S.rev) if (+k > S.view.ply) delete S.rev[k];
    }
    const before = S.tricks.length;
    const v = await api("/api/play", { game: g, card, ...viewer() });
    S.redo = [];
    showView(v);
    if (!v.over) status(() => t("you_played", { card }) + trickText(v, before));
    await engineTurns();
  } catch (e) { fail(e); } finally { S.busy = false; }
  autoAnalyse();
}

async function engineTurns() {
  const human = +$("human").value;
  while (S.mode === "game" && human !== 0 && seatOnBoard() && S.view && !S.view.over && S.view.turn !== human) {
    status(() => t("engine_thinking", { level: levelName($("level").value) }));
    const before = S.tricks.length;
    const v = await api("/api/engine", { game: S.game, level: $("level").value,
      client: client + ":engine", ...viewer() });
    showView(v);
    if (!v.over) status(() => t("engine_played", { card: v.last }) + trickText(v, before));
  }
}

function trickText(v, before) {
  // a trick just taken: who took it and its points
  if (!v.tricks || v.tricks.length === before) return "";
  const tr = v.tricks[v.tricks.length - 1];
  return " " + t("trick_to", { p: pname(tr.winner), n: tr.points });
}

// ----- the game view: tricks, stepping, graph ------------------------------------------
const MARK_CLASS = { "?!": "inacc", "?": "mistake", "??": "blunder" };

function renderGameView() {
  const box = $("tricks");
  const n = S.plies.length;
  box.classList.toggle("four", !!S.view && S.view.players === 4);   // a trick of four cards a line
  $("gameview").hidden = !(S.mode === "game" && S.game);
  const cur = S.view && S.view.ply !== undefined ? S.view.ply : n;
  $("ply-label").textContent = t("ply_of", { k: cur, n });
  const byTrick = [];
  S.plies.forEach((p, i) => { (byTrick[p.trick - 1] = byTrick[p.trick - 1] || []).push([p, i + 1]); });
  box.innerHTML = byTrick.map((cards, ti) => {
    const done = S.tricks[ti];
    const btns = cards.map(([p, k]) => {
      const r = S.rev[k];
      const mk = r && r.mark ? `<span class="mark ${MARK_CLASS[r.mark]}">${r.mark}</span>` : "";
      const lab = t("move_label", { k, p: pname(p.player), card: p.card }) + (r && r.mark ? " " + t("mark." + r.mark) : "");
      return `<button class="mv p${p.player}${k === cur ? " on" : ""}" data-ply="${k}" aria-label="${escapeHtml(lab)}"${k === cur ? ' aria-current="step"' : ""}>${p.card}${mk}</button>`;
    }).join("");
    const win = done ? `<span class="took" title="${escapeHtml(t("trick_to", { p: pname(done.winner), n: done.points }))}">→ ${
      escapeHtml(t("p_short", { n: done.winner }))}${done.points ? " +" + done.points : ""}</span>` : "";
    return `<li><span class="tn">${ti + 1}</span>${btns}${win}</li>`;
  }).join("");
  for (const b of box.querySelectorAll("button.mv")) b.addEventListener("click", () => goTo(+b.dataset.ply));
  const on = box.querySelector("button.on");   // the selected card in view, the page left where it is
  if (on && (on.offsetTop < box.scrollTop || on.offsetTop + on.offsetHeight > box.scrollTop + box.clientHeight))
    box.scrollTop = on.offsetTop - box.clientHeight / 2;
  $("first").disabled = $("prev").disabled = cur === 0;
  $("next").disabled = $("last").disabled = cur >= n;
  drawGraph();
  renderRetry();
}

async function goTo(ply) {
  if (!S.game || S.mode !== "game") return;
  const n = S.plies.length;
  ply = Math.max(0, Math.min(n, ply));
  try {
    const v = await api("/api/game", { game: S.game, ply, ...viewer() });
    showView(v);
    status(ply === n ? (v.over ? $("status").textContent : t("at_end")) :
      t("at_move", { k: ply, n }) + (ply ? " " + t("after_card", { p: pname(S.plies[ply - 1].player), card: S.plies[ply - 1].card }) : ""));
    autoAnalyse();
  } catch (e) { fail(e); }
}

function fourPlayers() { return !!S.view && S.view.players === 4; }
// four players take points as a team: the review's words for player 1 become team 1+3's
// (the side of seat parity, as `briscola review` frames the luck)
function frameKey(key) { return fourPlayers() ? key + ".team" : key; }
function teamOf(p) { return (p - 1) % 2 + 1; }   // 1: team 1+3, 2: team 2+4
function teamLabel(team) { return `${team}+${team + 2}`; }

function p1Luck(d, win) {
  // a draw's luck in player 1's frame (a seat's own luck of player 2 turned round), or null
  // when it was not measured
  if (d.luck === null || d.luck === undefined) return null;
  const turn = d.view === "seat" && d.player === 2;
  const f = (x) => (turn ? (win ? 1 - x : -x) : x);
  return { luck: turn ? -d.luck : d.luck, expected: f(d.expected), actual: f(d.actual), e: d.luck_error || 0,
    noise: !!d.within_noise };
}

function graphPoints() {
  // player 1's expected final margin (or chance of winning the deal, judged with the
  // objective win) after each card: the review's value of the card played; a forced card
  // keeps the value before it; the last card's is the result. A card a draw follows
  // carries it: ``draws`` (the review's, each in its player's frame) and ``luck`` (the
  // measured one in player 1's frame: from the average over the draws to the value after);
  // a value is exact where the review's card is (an exact search, or every hand or draw
  // solved: its method still "estimate", its ``exact`` true)
  const n = S.plies.length, out = [], win = S.revObjective === "win";
  let prev = null;
  for (let k = 1; k <= n; k++) {
    const r = S.rev[k];
    let p = null;
    if (k === n && S.view && S.game && S.game.result) {
      const [a, b] = S.game.result.points;
      p = { v: win ? (a > b ? 1 : a === b ? 0.5 : 0) : a - b, e: 0, exact: true };
    } else if (r && r.after !== null && r.after !== undefined) {
      p = { v: r.after, e: r.value_error || 0, exact: r.exact === true };
    } else if (r && r.choices === 1 && prev) {
      p = { ...prev };
    } else if (r && r.before !== null && r.before !== undefined) {
      p = { v: r.before, e: 0, exact: r.exact === true };
    }
    const draws = (r && r.luck) || [];
    const luck = draws.map((d) => p1Luck(d, win)).find((x) => x) || null;
    out.push({ ...(p ? { k, ...p } : { k, v: prev ? prev.v : win ? 0.5 : 0, e: 0, exact: false, unknown: true }),
      draws, luck: k < n ? luck : null });
    if (p) prev = p;
  }
  return out;
}

function fmtWidth(e, win, deals = false) {
  // a half-width (or the far end of a range from 0) as solver.review.fmt_width writes it: a
  // tenth of a point (of a percentage point), a hundredth where a tenth would round it to 0
  // (a ± of 0.03 is not ±0.0), and a hundredth of a deal (`deals`: a win review's result)
  if (deals) return num(e, 2);
  const d = win ? 100 * e : e, digits = d > 0 && d < 0.05 ? 2 : 1;
  return win ? pct(d, digits, { trim: digits === 1 }) : num(d, digits);
}
function fmtPm(e, win, deals = false) { return "±" + fmtWidth(e, win, deals); }

function signedText(x, e, exact, win, word = "exact", deals = false) {
  // a luck or a value for the readout: signed, with its ± or the word exact (``word``: its
  // key, "exact.luck" for a luck, which agrees with it in Italian); `deals`: a count of
  // deals to a hundredth, as solver.review.fmt_signed writes a win review's result ("+1.19")
  const s = deals ? signed(x, 2) : win ? (x > 0 ? "+" : x < 0 ? "−" : "") + fmtPct(Math.abs(x)) : fmtPts(x);
  if (exact) return `${s} (${t(word)})`;
  return e ? `${s} ${fmtPm(e, win, deals)}` : s;
}

function aboveZero(v, win, first = 1) {
  // v > 0 to as few decimals as show it above 0, at most four (solver.review._above_zero)
  let d = first;
  while (d < 4 && !(Number(fixed(win ? 100 * v : v, d)) > 0)) d += 1;
  return win ? pct(100 * v, d, { trim: d === 1 }) : num(v, d);
}

function luckText(x, e, exact, span, win, star = "", word = "exact.luck", deals = false) {
  // as solver.review.fmt_luck: a luck (or a result less it) with its interval cut to
  // `span`, the values it can take: its ± where the cut leaves it whole, the cut
  // interval's ends where it does not, and words, not a number, where it covers them all
  if (exact || !e || !span) return signedText(x, e, exact, win, word, deals) + star;
  const lo = Math.max(x - e, span[0]), hi = Math.min(x + e, span[1]);
  // covering every value it can take, or none of them (a total's span rests on other
  // estimates, which then disagree beyond their intervals), it tells nothing
  if (lo > hi + 1e-9 || (lo <= span[0] + 1e-9 && hi >= span[1] - 1e-9)) return t("luck.uncertain");
  // clear of 0 but printed as reaching it ("−15.2 ±15.2" for −15.24 ±15.21): its ends, the
  // one next to 0 shown not 0 (solver.review._luck_reads_as_zero)
  const k = win && !deals ? 100 : 1, ke = k * e;
  const near = (lo > 1e-9 || hi < -1e-9) &&
    Number(fixed(k * Math.abs(x), deals ? 2 : win || !whole(x) ? 1 : 0)) -
    Number(fixed(ke, deals ? 2 : ke > 0 && ke < 0.05 ? 2 : 1)) <= 1e-9;
  if (near || lo > x - e + 1e-9 || hi < x + e - 1e-9) {
    const end = (v) => signedText(v, 0, false, win, "", deals);
    const zero = (v) => (v > 0 ? "+" : "−") + aboveZero(Math.abs(v), win && !deals, deals ? 2 : 1);
    const ends = t("luck.between", { lo: near && lo > 0 ? zero(lo) : end(lo), hi: near && lo <= 0 ? zero(hi) : end(hi) });
    return `${signedText(x, 0, false, win, "", deals)} ${ends}${star}`;
  }
  return signedText(x, e, exact, win, word, deals) + star;
}

function drawSpan(d) {   // the values a draw's luck can take (the server's bound), or null
  return d.luck_bound === null || d.luck_bound === undefined ? null : [-d.luck_bound, d.luck_bound];
}

function drawLuckText(d, win) {
  // as solver.review._luck_mark: its * and, where its ± is a bound (the JSON's bound), the word
  const mark = (d.unchecked ? "*" : "") + (d.bound ? ` (${t("review.bound")})` : "");
  return luckText(d.luck, d.luck_error, d.exact, drawSpan(d), win, mark);
}

function drawnText(d) {
  return d.drawn.map((x) => t("graph.drew", { p: pname(x.player), card: x.card })).join(", ");
}

function luckWords(d, win) {
  // one draw's luck as the player it was measured for sees it
  if (d.luck === null || d.luck === undefined) return t("graph.luck.unmeasured", { p: pname(d.player) });
  if (fourPlayers()) return t("graph.luck.team", { t: teamLabel(teamOf(d.player)), luck: drawLuckText(d, win), drawn: drawnText(d) });
  return t(d.view === "seat" ? "graph.luck.seat" : "graph.luck", { p: pname(d.player),
    luck: drawLuckText(d, win), drawn: drawnText(d) });
}

function readoutText(p, win) {
  const ply = S.plies[p.k - 1];
  let s = t("graph.readout", { k: p.k, p: pname(ply.player), card: ply.card }) + " · ";
  const v = win ? fmtPct(p.v) + (p.exact ? ` (${t("exact")})` : p.e ? ` ${fmtPm(p.e, true)}` : "")
    : signedText(p.v, p.e, p.exact, false);
  s += p.unknown ? t("unrated") : t(frameKey(win ? "graph.readout.win" : S.sinceStart ? "graph.readout.since" : "graph.readout.margin"), { v });
  for (const d of p.draws) s += " · " + luckWords(d, win);
  return s;
}

// a value on the graph's axis: a chance as a whole percentage, a margin as signed points
function tickText(v, win) {
  return win ? pct(100 * v, 0) : (v > 0 ? "+" : v < 0 ? "\u2212" : "") + Math.abs(Math.round(v));
}

function drawGraph() {
  const box = $("graph"), txt = $("graph-text");
  const pts = graphPoints();
  if (!Object.keys(S.rev).length || !pts.length) {
    box.classList.remove("big");
    // the review's button greyed out, its reason said here: its tooltip shows to a mouse alone
    const why = S.view && S.view.reviewable === false ? "review.after_deal" : "graph.empty";
    box.innerHTML = `<p class="hint">${escapeHtml(t(why))}</p>`; txt.innerHTML = ""; return;
  }
  const big = box.classList.contains("big");
  const W = big ? 900 : 400, H = big ? 380 : 220, L = 34, R = 8, TOP = 8, B = 20;
  const win = S.revObjective === "win";   // a chance from 0 to 1, drawn as 0-100 %
  const ends = pts.flatMap((p) => [Math.abs(p.v) + p.e].concat(p.luck ? [Math.abs(p.luck.expected), Math.abs(p.luck.actual)] : []));
  const top = win ? 1 : Math.max(20, ...ends);
  const lo = win ? 0 : -top, mid = win ? 0.5 : 0;
  const clip = (v) => Math.max(lo, Math.min(top, v));
  const x = (k) => L + (W - L - R) * (pts.length > 1 ? (k - 1) / (pts.length - 1) : 0.5);
  const y = (v) => TOP + (H - TOP - B) * (1 - (clip(v) - lo) / (top - lo));
  const f = (n) => n.toFixed(1);
  // the line steps at each draw: on to the value before it (the average over the draws),
  // then straight up or down to the value after it: that step is the luck
  const verts = [];
  for (const p of pts.filter((q) => !q.unknown)) {
    verts.push([x(p.k), p.v, p.e]);
    if (p.luck) verts.push([x(p.k + 0.5), p.luck.expected, p.e], [x(p.k + 0.5), p.luck.actual, p.luck.e]);
  }
  const upper = verts.map(([vx, v, e]) => `${f(vx)},${f(y(v + e))}`);
  const lower = verts.slice().reverse().map(([vx, v, e]) => `${f(vx)},${f(y(v - e))}`);
  const line = verts.map(([vx, v]) => `${f(vx)},${f(y(v))}`).join(" ");
  const cur = S.view && S.view.ply !== undefined ? S.view.ply : pts.length;
  const steps = pts.filter((p) => p.luck).map((p) => `<line class="luck ${p.luck.noise ? "noise" : p.luck.luck >= 0 ? "up" : "down"}" data-ply="${p.k}" ` +
    `x1="${f(x(p.k + 0.5))}" x2="${f(x(p.k + 0.5))}" y1="${f(y(p.luck.expected))}" y2="${f(y(p.luck.actual))}"/>`).join("");
  const marks = pts.filter((p) => p.draws.length && p.k < pts.length).map((p) => `<path class="draw${p.luck ? "" : " unmeasured"}" data-ply="${p.k}" ` +
    `d="M${f(x(p.k + 0.5))},${H - B + 2} l4,5 l-4,5 l-4,-5 z"><title>${escapeHtml(cap(p.draws.map((d) => luckWords(d, win)).join("; ")))}</title></path>`).join("");
  const dots = pts.map((p) => `<circle class="pt${p.exact ? " exact" : ""}${p.unknown ? " unknown" : ""}" data-ply="${p.k}" ` +
    `cx="${f(x(p.k))}" cy="${f(y(p.v))}" r="${p.k === cur ? 4.5 : 3}"/>`).join("");
  const tick = (v) => `<text class="tick" x="${L - 4}" y="${f(y(v) + 4)}" text-anchor="end">${tickText(v, win)}</text>`;
  // a game from a position without score: its margins count the points won since the start
  const since = !win && S.sinceStart;
  const label = t(frameKey(win ? "graph.label.win" : since ? "graph.label.since" : "graph.label"));
  box.innerHTML = `<div class="graph-bar"><button id="graph-big" aria-pressed="${big}">${escapeHtml(t(big ? "graph.smaller" : "graph.bigger"))}</button></div>` +
    `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(label)}" aria-describedby="graph-text">` +
    `<line class="zero" x1="${L}" x2="${W - R}" y1="${y(mid)}" y2="${y(mid)}"/>` +
    (cur > 0 ? `<line class="cursor" x1="${x(cur)}" x2="${x(cur)}" y1="${TOP}" y2="${H - B}"/>` : "") +
    `<line class="hover" x1="0" x2="0" y1="${TOP}" y2="${H - B}" visibility="hidden"/>` +
    `<polygon class="band" points="${upper.concat(lower).join(" ")}"/><polyline class="line" points="${line}"/>` +
    steps + marks + dots + tick(top) + tick(mid) + tick(lo) +
    `<text x="${L}" y="${H - 4}">1</text><text x="${W - R}" y="${H - 4}" text-anchor="end">${pts.length}</text></svg>` +
    `<p id="graph-readout" class="readout" aria-live="polite"></p>` +
    `<p class="legend">${escapeHtml(t(frameKey(win ? "graph.legend.win" : since ? "graph.legend.since" : "graph.legend")))} ${escapeHtml(t(frameKey("graph.legend.luck")))}</p>`;
  const svg = box.querySelector("svg"), hover = svg.querySelector("line.hover"), out = $("graph-readout");
  const near = (ev) => {
    const r = svg.getBoundingClientRect();
    const sx = (ev.clientX - r.left) * W / r.width;
    let best = pts[0], d = 1e9;
    for (const p of pts) { const dd = Math.abs(x(p.k) - sx); if (dd < d) { d = dd; best = p; } }
    return best;
  };
  const show = (p) => {
    out.textContent = readoutText(p, win);
    hover.setAttribute("x1", x(p.k)); hover.setAttribute("x2", x(p.k)); hover.setAttribute("visibility", "visible");
  };
  const here = pts.find((p) => p.k === cur);
  if (here) out.textContent = readoutText(here, win);
  // a hover with a mouse, a touch on a phone: the readout of the nearest card
  svg.addEventListener("pointermove", (ev) => show(near(ev)));
  svg.addEventListener("pointerdown", (ev) => show(near(ev)));
  svg.addEventListener("pointerleave", () => { hover.setAttribute("visibility", "hidden"); if (here) out.textContent = readoutText(here, win); });
  svg.addEventListener("click", (ev) => goTo(near(ev).k));
  $("graph-big").addEventListener("click", () => { box.classList.toggle("big"); drawGraph(); $("graph-big").focus(); });
  // the text equivalent, for screen readers (and anyone who wants the numbers)
  txt.innerHTML = `<caption>${escapeHtml(label)}</caption><tr><th>${t("col.move")}</th><th>${t("col.card")}</th><th>${t(frameKey(win ? "graph.col.win" : since ? "graph.col.since" : "graph.col"))}</th><th>${t("graph.col.luck")}</th></tr>` +
    pts.map((p) => `<tr><td>${p.k}</td><td>${S.plies[p.k - 1].card}</td><td>${p.unknown ? t("unrated") :
      (win ? fmtPct(p.v) : fmtPts(p.v)) + (p.exact ? " (" + t("exact") + ")" : p.e ? " " + fmtPm(p.e, win) : "")}</td>` +
      `<td>${escapeHtml(cap(p.draws.map((d) => luckWords(d, win)).join("; ")))}</td></tr>`).join("");
}

document.addEventListener("keydown", (ev) => {   // Escape shrinks the larger graph back
  if (ev.key === "Escape" && $("graph").classList.contains("big")) { $("graph").classList.remove("big"); drawGraph(); }
});

// every number the page writes, written as its language writes it ("−11,21" in Italian,
// "−11.21" in English): values, ±, percentages, times, counts; `digits` decimals (at most
// that many with `trim`: "12", not "12.0"), thousands grouped with `group`, rounded as
// Python's format rounds the CLI's numbers (fixed), so that the page and `briscola review`
// write the same digits. The notation, the JSON and the pictures' coordinates keep their own.
function num(x, digits = 0, { trim = false, group = false } = {}) {
  const r = (x < 0 ? -1 : 1) * Number(fixed(Math.abs(x), digits));
  return r.toLocaleString(lang(), { minimumFractionDigits: trim ? 0 : digits, maximumFractionDigits: digits,
    useGrouping: group }).replace("-", "\u2212");   // a real minus: the hyphen is the notation's
}
function fixed(x, digits) {
  // x (>= 0) to `digits` decimals as Python's format rounds it: the double's exact value, a
  // tie to even (12.25 is "12.2", 0.05, a little above a tie, "0.1"), where toLocaleString
  // rounds the shortest decimal that reads back as x, ties away from zero ("12.3", and
  // 2.675, a little below a tie, "2.68" where Python has "2.67")
  const full = x.toFixed(100), dot = full.indexOf(".");
  const head = full.slice(0, dot + 1 + digits).replace(/\.$/, ""), rest = full.slice(dot + 1 + digits);
  if (/^50*$/.test(rest) && Number(head[head.length - 1]) % 2 === 0) return head;
  return x.toFixed(digits);
}
function whole(x) { return Math.abs(x - Math.round(x)) < 1e-9; }
// a signed amount of points as solver.review.fmt_signed writes it: no decimals where it is a
// whole number, else one, and no sign where it shows as zero ("0.0", not "−0.0")
function fmtPts(x) { return signed(x, whole(x) ? 0 : 1); }
function signed(x, digits) {
  return (Number(fixed(Math.abs(x), digits)) ? (x > 0 ? "+" : "−") : "") + num(Math.abs(x), digits);
}
// a cost as solver.review.fmt_points writes it: a whole number, else two decimals
function fmtCost(x) { return num(x, whole(x) ? 0 : 2); }
// x percent as the language writes it (solver.i18n.pct), every percentage of the page:
// "87%", "87 %" in Italian (a space before the sign)
function pct(x, digits = 0, opts = {}) { return num(x, digits, opts) + (lang() === "it" ? " %" : "%"); }
function fmtPct(x) { return pct(100 * x, 1, { trim: true }); }
function accuracyPct(opt, judged) { return pct(100 * opt / judged, 0); }   // review.render_review's

// ----- the full review ------------------------------------------------------------------
async function review() {
  if (!S.game || S.reviewing) return;
  S.reviewing = true;
  const game = S.game, n = game.moves.length, objective = $("objective").value;
  if (objective !== S.revObjective) { S.rev = {}; S.revObjective = objective; }   // judged anew
  const same = () => S.game && S.game.moves.join() === game.moves.join() &&   // not a new game or line
    $("objective").value === objective;
  $("review").disabled = true;
  try {
    for (let k = 1; k <= n && same(); k++) {
      $("review-progress").textContent = t("review.progress", { k: k - 1, n });
      if (S.rev[k]) continue;
      const r = await api("/api/review/move", { game, move: k, objective, time_limit: 0.3, client: client + ":review" });
      if (!same()) break;
      S.rev[k] = r;
      renderReview(); renderGameView();
    }
    $("review-progress").textContent = "";
  } catch (e) { $("review-progress").textContent = e.message; }
  finally { S.reviewing = false; $("review").disabled = false; }
}

function costText(r) {
  // as solver.review.fmt_cost writes the CLI's cost column, and "(exact)" where the cost has
  // no error (an exact search, or every hand or draw solved), which the CLI's analysis
  // column says; an estimate's ± even if 0
  if (r.choices === 1) return t("forced");
  if (r.cost === null || r.cost === undefined) return t("unrated");
  const win = r.objective === "win";
  // marked * where its ± is not checked against exact values (the JSON's unchecked),
  // said to be a bound where it is the widest the cost can stray (the JSON's bound)
  const mark = (r.unchecked ? "*" : "") + (r.bound ? ` (${t("review.bound")})` : "");
  // the estimate's best card played, another within noise of it: the range its cost lies
  // in, from 0 to how far the other may be above it
  // (cut to the most the card can cost: the JSON's cost_interval)
  if (r.rival > 1e-9) return `0–${fmtWidth(r.cost_interval ? r.cost_interval[1] : r.rival, win)}${mark}`;
  const c = win ? fmtPct(r.cost) : fmtCost(r.cost);   // a chance given up, in percentage points
  if (r.exact) return `${c} (${t("exact")})`;
  if (r.cost_error === undefined || r.cost_error === null) return c;
  // a ± reaching below 0 or past the most the card can cost: the interval cut to them (the
  // JSON's cost_interval), its ends said, as solver.review.fmt_cost says them
  // a mistake whose ± as printed would reach 0 ("5.78 ±5.8" for 5.784 ±5.776): its ends too,
  // the low one to as many decimals as show it above 0 (fmt_cost's _reads_as_zero)
  const cut = r.cost_interval, k = win ? 100 : 1, e = k * r.cost_error;
  const near = cut && r.mistake && Number(fixed(k * r.cost, win ? 1 : whole(r.cost) ? 0 : 2)) -
    Number(fixed(e, e > 0 && e < 0.05 ? 2 : 1)) <= 1e-9;
  if (cut && (near || cut[0] > r.cost - r.cost_error + 1e-9 || cut[1] < r.cost + r.cost_error - 1e-9)) {
    const end = (x) => signedText(x, 0, false, win, "").replace(/\+/g, "");
    const lo = near ? aboveZero(cut[0], win) : end(cut[0]);
    return `${c} ${t("luck.between", { lo, hi: end(cut[1]) })}${mark}`;
  }
  return `${c} ${fmtPm(r.cost_error, win)}${mark}`;
}

function errorsText(x, e, exact, win, span = null, star = "") {
  // a player's costs added up, as the CLI's skill line writes them (review.fmt_errors): as a
  // luck, cut to the values it can take (`span`: never below the exact costs' sum), no sign
  return luckText(x, e, exact, span, win, star, "exact").replace(/\+/g, "");
}

function costRange(s) {   // where a player's errors total lies (review.Review.cost_range)
  if (s.costExact || !s.costE) return [s.cost, s.cost];
  const lo = s.costSpan ? Math.max(s.cost - s.costE, s.costSpan[0]) : s.cost - s.costE;
  const hi = s.costSpan ? Math.min(s.cost + s.costE, s.costSpan[1]) : s.cost + s.costE;
  return [lo, hi];
}

function bookkeeping(rs, per, win) {
  // as review.Review.luck_span: in scoperta, every card and draw of the finished deal judged,
  // the result less the value at the start is the luck less one's own errors plus the
  // opponent's: each player's luck span cut to what that leaves
  const first = rs.find((r) => r.move === 1);
  const all = rs.length === S.plies.length && rs.every((r) => r.cost !== null && r.cost !== undefined &&
    (r.luck || []).every((d) => d.view !== "seat" && d.luck !== null && d.luck !== undefined));
  if (!all || !first || !first.value_range || per.some(([, s]) => s.result === undefined)) return;
  for (const [p, s] of per) {
    if (!s.span) continue;
    const [a, b] = p === 1 ? first.value_range : win ? [1 - first.value_range[1], 1 - first.value_range[0]] :
      [-first.value_range[1], -first.value_range[0]];
    const own = costRange(s), theirs = costRange(per.find(([q]) => q !== p)[1]);
    s.span = [Math.max(s.span[0], s.result - b + own[0] - theirs[1]), Math.min(s.span[1], s.result - a + own[1] - theirs[0])];
  }
}

function accuracyText(s, args, win) {
  // a player's accuracy: where some decisions were too close to call, how many of the rated
  // ones were called first (review.render_review's "decisions called: 8 of 19; ")
  return (s.close ? t("review.called", { k: s.judged, n: s.rated }) : "") + t(win ? "review.acc.win" : "review.acc", args);
}

function playerReview(rs, members, win) {
  // the decisions of a side's players (`members`: one player, or a team of four-player
  // scoperta), a cost within its interval too close to call, their errors, and the luck of
  // the draws measured for them (scoperta: player 1's, or team 1+3's, negated for the other
  // side); the result is the side's
  const p = teamOf(members[0]);
  const rated = rs.filter((r) => members.includes(r.player) && r.choices > 1 && r.cost !== null && r.cost !== undefined);
  const out = { rated: rated.length, close: rated.filter((r) => r.close).length,
    opt: rated.filter((r) => r.optimal).length, cost: 0, costE: 0, costExact: true,
    luck: 0, luckE: 0, luckExact: true, draws: 0, missing: 0 };
  // as solver.review._combined: 95 % intervals in quadrature, a bound (the JSON's bound) whole
  let sure = 0, reach = 0, bounded = true, costB = 0, luckB = 0, costSure = 0, costReach = 0, costBounded = true;
  for (const r of rated) {
    out.cost += r.cost; out.costExact = out.costExact && r.exact;
    // the values the total can take (review._cost_span): the exact costs' sum, up to it
    // plus the estimated costs' most
    if (r.exact) costSure += r.cost;
    else if (r.cost_bound === null || r.cost_bound === undefined) costBounded = false;
    else costReach += r.cost_bound;
    if (r.bound) costB += r.cost_error || 0; else out.costE += (r.cost_error || 0) ** 2;
    out.costPartial = out.costPartial || !!(r.unchecked && r.cost_error);
  }
  for (const r of rs) for (const d of r.luck || []) {
    if (d.view === "seat" && !members.includes(d.player)) continue;
    if (d.luck === null || d.luck === undefined) { out.missing++; continue; }
    out.draws++;
    out.luck += teamOf(d.player) === p ? d.luck : -d.luck;
    if (d.bound) luckB += d.luck_error || 0; else out.luckE += (d.luck_error || 0) ** 2;
    out.luckExact = out.luckExact && d.exact;
    out.partial = out.partial || !!d.unchecked;
    if (d.exact) sure += teamOf(d.player) === p ? d.luck : -d.luck;
    else if (d.luck_bound === null || d.luck_bound === undefined) bounded = false;
    else reach += d.luck_bound;
  }
  // the values the luck can take: the exact draws' sum, give or take the others' bounds
  out.span = bounded && !out.luckExact ? [sure - reach, sure + reach] : null;
  out.costSpan = costBounded && !out.costExact ? [costSure, costSure + costReach] : null;
  out.costE = Math.sqrt(out.costE) + costB; out.luckE = Math.sqrt(out.luckE) + luckB;
  out.judged = out.rated - out.close;
  const res = S.game && S.game.result;
  if (res && rs.length === S.plies.length) {   // the deal is over and every card judged
    const [a, b] = res.points, mine = p === 1 ? a - b : b - a;
    out.result = win ? (mine > 0 ? 1 : mine === 0 ? 0.5 : 0) : mine;
  }
  return out;
}

function skillText(s, win) {
  const rate = s.rated ? (win ? fmtPct(s.cost / s.rated) : num(s.cost / s.rated, 2)) : "–";
  let line = t(win ? "review.skill.win" : "review.skill", { err: errorsText(s.cost, s.costE, s.costExact, win, s.costSpan, s.costPartial ? "*" : ""), rate,
    luck: luckText(s.luck, s.luckE, s.luckExact, s.span, win, s.partial ? "*" : ""), n: s.draws });
  if (s.missing) line += " " + t("review.unmeasured", { n: s.missing });
  if (s.result !== undefined) {
    // with the objective win, counts of deals as `briscola review` writes them: the
    // luck-adjusted result is no chance, it may pass 1 (review.adjusted.win.note)
    const key = win ? "review.adjusted.win" : S.sinceStart ? "review.adjusted.since" : "review.adjusted";
    line += "; " + t(key, { res: win ? signed(s.result, 2) : fmtPts(s.result),
      adj: luckText(s.result - s.luck, s.luckE, s.luckExact, s.span && [s.result - s.span[1], s.result - s.span[0]],
        win, s.partial ? "*" : "", "exact", win) });
  }
  return line;
}

function luckNotes(rs, deals, win = false, four = false) {
  // the notes below the review's table: how luck is measured (`four`: team 1+3's, four
  // players), the marks its numbers carry, and (`deals`: a win review's results shown) why
  // those results are counts of deals, the note `briscola review --objective win` prints
  const lucks = rs.flatMap((r) => r.luck || []);
  return t(lucks.some((d) => d.view === "seat") ? "review.luck.seat" : four ? "review.luck.note.team" : "review.luck.note") +
    (deals ? " " + t("review.adjusted.win.note") : "") +
    (rs.some((r) => r.unchecked) || lucks.some((d) => d.unchecked) ? " " + t("review.luck.partial") : "") +
    (rs.some((r) => r.bound) ? " " + t("review.bound.note") : "") +
    (lucks.some((d) => d.bound && !d.too_uncertain) ? " " + t("review.luck.bound.note") : "") +
    " " + t(win ? "review.luck.bounds.win" : "review.luck.bounds") + " " + t("review.totals.note");
}

function renderReview() {
  const rs = Object.values(S.rev).sort((a, b) => a.move - b.move);
  if (!rs.length) { $("review-out").hidden = true; return; }
  $("review-out").hidden = false;
  const win = S.revObjective === "win";
  // four players: accuracy per player; errors, luck and result per team (its side: 1 or 2)
  const four = fourPlayers();
  const sides = four ? [[1, [1, 3]], [2, [2, 4]]] : [[1, [1]], [2, [2]]];
  const per = sides.map(([side, members]) => [side, playerReview(rs, members, win)]);
  bookkeeping(rs, per, win);
  const players = four ? [1, 2, 3, 4].map((p) => [p, playerReview(rs, [p], win)]) : per;
  const stats = players.map(([p, s]) => {
    const args = { opt: s.opt, rated: s.judged, pct: s.judged ? accuracyPct(s.opt, s.judged) : "",
      avg: win ? fmtPct(s.cost / (s.rated || 1)) : num(s.cost / (s.rated || 1), 2) };
    return `<li>${escapeHtml(pname(p))}: ` + escapeHtml(s.judged ? accuracyText(s, args, win) :
      t("review.none")) + (s.close ? escapeHtml(t("review.close", { n: s.close })) : "") + "</li>";
  }).join("");
  const skill = per.map(([p, s]) => `<li class="skill" ${four ? `data-team="${teamLabel(p)}"` : `data-player="${p}"`}>` +
    `${escapeHtml(four ? t("team_n", { t: teamLabel(p) }) : pname(p))}: ${escapeHtml(skillText(s, win))}</li>`).join("");
  const bad = rs.filter((r) => r.mistake && r.cost > 1e-9).sort((a, b) => b.cost - a.cost).slice(0, 3);
  const worst = bad.map((r) => `<li><button class="link" data-ply="${r.move - 1}">${escapeHtml(t("review.mistake", {
    k: r.move, p: pname(r.player), card: r.card + (r.mark || ""), best: r.best.join("/"), cost: costText(r) }))}</button> ` +
    `<button class="retry" data-move="${r.move}">${escapeHtml(t("review.retry"))}</button></li>`).join("");
  const luckOf = (r) => (r.luck || []).filter((d) => d.luck !== null && d.luck !== undefined);
  const swings = rs.flatMap((r) => luckOf(r).map((d) => [r, d])).sort((a, b) => Math.abs(b[1].luck) - Math.abs(a[1].luck))
    .filter(([, d]) => !d.within_noise && Math.abs(d.luck) > 1e-9).slice(0, 3);   // never noise
  const swingList = swings.map(([r, d]) => `<li><button class="swing" data-ply="${r.move}">${escapeHtml(t("review.swing",
    { k: r.move, luck: luckWords(d, win) }))}</button></li>`).join("");
  // on a phone the move's number and its player go beside the card, not in columns
  const go = (r, cls) => `<button class="link ${cls}" data-ply="${r.move - 1}" aria-label="${escapeHtml(t("go_move", { k: r.move }))}">${r.move}</button>`;
  const rows = rs.map((r) => `<tr data-move="${r.move}"><td class="mv">${go(r, "")}</td>` +
    `<td class="pl">${r.player}</td><td class="card">${go(r, "mv-inline")} <span class="pl-inline">${escapeHtml(t("p_short", { n: r.player }))} </span>${r.card}<span class="mark ${MARK_CLASS[r.mark] || ""}">${r.mark || ""}</span></td>` +
    `<td>${r.best.join(" ") || "?"}</td><td class="num">${costText(r)}${r.close ? " ≈" : ""}</td>` +
    `<td class="num luck">${(r.luck || []).map((d) => `<span class="draw-luck">${escapeHtml((four ? t("t_short", { t: teamLabel(teamOf(d.player)) })
      : t("p_short", { n: d.player })) +
      "\u00a0" + (d.luck === null || d.luck === undefined ? "?" : drawLuckText(d, win)))}</span>`).join(" ")}</td>` +
    `<td><button class="here" data-ply="${r.move - 1}" data-position="${escapeHtml(r.position)}">${escapeHtml(t("review.here"))}</button></td></tr>`).join("");
  const n = S.plies.length;
  $("review-out").innerHTML = `<h2>${escapeHtml(t("review.title"))}</h2>` +
    `<p>${escapeHtml(t("review.judged", { k: rs.length, n }))}</p>` +
    `<h3>${escapeHtml(t("review.accuracy"))}</h3><ul>${stats}</ul>` +
    `<h3>${escapeHtml(t("review.skill.title"))}</h3><ul class="skill">${skill}</ul>` +
    `<h3>${escapeHtml(t("review.mistakes"))}</h3><ol class="mistakes">${worst || `<li>${escapeHtml(t("review.no_mistakes"))}</li>`}</ol>` +
    `<h3>${escapeHtml(t("review.swings"))}</h3><ol class="swings">${swingList || `<li>${escapeHtml(t("review.no_swings"))}</li>`}</ol>` +
    `<div class="table-wrap"><table class="review"><thead><tr><th class="mv">${t("col.move")}</th><th class="pl">${t("col.player")}</th><th>${t("col.card")}</th>` +
    `<th>${t("col.best")}</th><th>${t("col.cost")}</th><th>${t("col.luck")}</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>` +
    `<p class="hint">${escapeHtml(win ? t("review.marks.win") : t("review.marks"))} ${four ? escapeHtml(t("review.team.note")) + " " : ""}${escapeHtml(t("review.close.note"))}</p>` +
    `<p class="hint">${escapeHtml(luckNotes(rs, win && per.some(([, s]) => s.result !== undefined), win, four))}</p>`;
  for (const b of $("review-out").querySelectorAll("button.link, button.swing")) b.addEventListener("click", () => goTo(+b.dataset.ply));
  for (const b of $("review-out").querySelectorAll("button.retry")) b.addEventListener("click", () => retryMoment(S.rev[+b.dataset.move]));
  for (const b of $("review-out").querySelectorAll("button.here")) b.addEventListener("click", async () => {
    await goTo(+b.dataset.ply);
    tab("analyse");
    analyse(b.dataset.position);
  });
}

// ----- retry a moment of the review -----------------------------------------------------
// The reviewed deal is kept aside; the board goes to the moment before the card, you play
// the mover's seat against the engine from there, and the review's best cards say how the
// new card fares. "Back to the review" brings the reviewed deal and its review back.
async function retryMoment(r) {
  if (!r || !S.game) return;
  if (!S.study) S.study = { game: JSON.parse(JSON.stringify(S.game)), rev: { ...S.rev }, objective: S.revObjective,
    human: $("human").value };
  S.retry = { move: r.move, card: r.card, best: r.best, player: r.player, mark: r.mark || "",
    line: S.study.game.moves.join() };   // a card tried changes the line
  $("human").value = String(r.player);
  if (S.game.moves.length !== S.study.game.moves.length || S.game.moves.join() !== S.study.game.moves.join())
    await loadGame(S.study.game, false);   // a try before this one left another line
  S.rev = { ...S.study.rev }; S.revObjective = S.study.objective;
  await goTo(r.move - 1);
  status(t("retry.go", { k: r.move, p: pname(r.player), card: r.card }));
  renderRetry();
}

async function endRetry() {
  const st = S.study;
  if (!st) return;
  S.study = null; S.retry = null;
  $("human").value = st.human;
  await loadGame(st.game, false);
  S.rev = st.rev; S.revObjective = st.objective;
  renderReview(); renderGameView();
}

function renderRetry() {
  // the retry's box above the graph: what is asked, then how the card played fares
  let box = $("retry-box");
  if (!box) {
    box = document.createElement("div");
    box.id = "retry-box"; box.setAttribute("role", "status");
    $("graph").before(box);
  }
  const r = S.retry;
  box.hidden = !r;
  if (!r) { box.innerHTML = ""; return; }
  const tried = S.game && S.game.moves.join() !== r.line && S.game.moves.length >= r.move &&
    S.game.moves.slice(0, r.move - 1).join() === S.study.game.moves.slice(0, r.move - 1).join() ? S.game.moves[r.move - 1] : null;
  let verdict = t("retry.ask", { k: r.move, p: pname(r.player), card: r.card + r.mark, best: r.best.join("/") });
  if (tried) verdict = t(r.best.includes(tried) ? "retry.best" : tried === r.card ? "retry.same" : "retry.other",
    { card: tried, best: r.best.join("/"), k: r.move });
  box.className = tried ? (r.best.includes(tried) ? "good" : "bad") : "";
  box.innerHTML = `<p>${escapeHtml(verdict)}</p><button id="retry-again">${escapeHtml(t("retry.again"))}</button> ` +
    `<button id="retry-back">${escapeHtml(t("retry.back"))}</button>`;
  $("retry-again").addEventListener("click", () => retryMoment(S.study.rev[r.move] || r));
  $("retry-back").addEventListener("click", endRetry);
}

// ----- analysis --------------------------------------------------------------------------
async function analyse(given) {
  const position = typeof given === "string" ? given : S.view && S.view.position;
  if (!position) {   // a finished deal's board has nothing left to analyse: said, not ignored
    if (S.view && S.view.over) { $("analysis").innerHTML = `<p class="hint">${escapeHtml(t("analyse.over"))}</p>`; $("pv").innerHTML = ""; }
    return;
  }
  // this search's lines, while it is the latest asked: a new game, record or search ends
  // what an older one may say (its poll or its answer may land after)
  const mine = ++S.search, latest = () => mine === S.search;
  const say = (text) => { if (latest()) $("progress").textContent = text; };
  S.searching++; $("stop").disabled = false;
  say(t("searching"));
  const t0 = Date.now();
  const poller = setInterval(async () => {   // this request's own: a newer one must not clear it
    try {
      const p = await api(`/api/progress?client=${encodeURIComponent(client + ":analyse")}`);
      say(p.running ? `${progressText(p)} · ${num((Date.now() - t0) / 1000)} s` : "");
    } catch (e) { /* the answer will tell */ }
  }, 700);
  try {
    const a = await api("/api/analyse", { position, objective: $("objective").value,
      time_limit: +$("time-limit").value, client: client + ":analyse", bottom: bottom() });
    if (typeof given !== "string" && (!S.view || S.view.position !== position)) {   // the board moved on meanwhile
      say("");
      return;
    }
    S.analysis = a;
    draw(a.svg);
    showAnalysis(a);
    say("");
  } catch (e) {
    say(e.cancelled ? t("stopped") : "");
    fail(e);
  } finally {
    clearInterval(poller);
    $("stop").disabled = --S.searching <= 0;   // none left to stop
  }
}

function endSearchLines() {
  // a new game or record: the search before it is no longer the board's (the next one
  // stops it); its progress line goes now, not at its next poll or its answer
  S.search++;
  $("progress").textContent = "";
}

function fmt(x) { return (x > 0 ? "+" : x < 0 ? "−" : "") + num(Math.abs(x), 2); }

function takenMargin(a) {
  // the points the mover's side has taken less the other side's (null without score=): a
  // value of points still to win plus this is the expected final margin, the graph's frame
  const m = /(?:^| )score=(\d+)-(\d+)(?: |$)/.exec(a.position);
  if (!m || a.objective === "win") return null;
  const side = (a.to_move - 1) % 2;
  return side === 0 ? +m[1] - +m[2] : +m[2] - +m[1];
}

function showAnalysis(a) {
  // one ± per value, the badge saying what it covers (a 95 % interval of the exact value only
  // where the method's error is measured); the gap to the best card with its own;
  // with a score, the expected final margin (the review graph's frame) before the points
  // still to win
  const win = a.objective === "win";
  const k = win ? 100 : 1, d = win ? 1 : 2;
  const taken = takenMargin(a);
  const kind = a.exact ? `<span class="badge exact">${escapeHtml(t("exact"))}</span>`
    : `<span class="badge estimate" title="${escapeHtml(a.method_text)} — ${escapeHtml(t("ivlong." + a.interval))}">${escapeHtml(t("iv." + a.interval))}</span>`;
  const rows = a.moves.map((m) => {
    const best = a.best.includes(m.card);
    // a card the exact search solved before it stopped: exact in an estimate (its note says so)
    const solved = !a.exact && m.value_exact !== undefined && m.value_exact !== null;
    const pm = solved ? ` <span class="pm">${escapeHtml(t("exact"))}</span>`
      : !a.exact && m.error !== undefined && m.error !== null ? ` <span class="pm">±${num(k * m.error, d)}</span>` : "";
    let val = win ? pct(100 * m.value, 1) : fmt(m.value);
    if ((a.exact || solved) && m.value_exact && !win && String(m.value_exact).includes("/")) val += ` <span class="frac">(${m.value_exact})</span>`;
    val += pm;
    let gap = "";
    if (!best) {
      gap = "−" + num(k * (a.value - m.value), d);
      if (!a.exact && m.gap_error !== undefined && m.gap_error !== null) gap += ` <span class="pm">(±${num(k * m.gap_error, d)})</span>`;
    }
    // the margin is the value plus the points taken, known exactly: the value's ±, as the
    // label under the card has it; on a phone the margin goes under the value (a column less)
    const fin = taken === null ? "" : `<td class="num final">${fmt(taken + m.value)}${pm}</td>`;
    if (taken !== null) val += `<span class="final-inline">${escapeHtml(t("col.final"))} ${fmt(taken + m.value)}${pm}</span>`;
    return `<tr class="${best ? "best" : ""}" data-card="${m.card}"><td>${m.card}${best ? " ★" : ""}</td>` +
      fin + `<td class="num value">${val}</td><td class="num gap">${gap}</td></tr>`;
  }).join("");
  const who = pname(a.to_move);
  // four players take points as a team: the margin is the mover's team's, not the player's
  const team = a.position.includes("hand4=") ? { a: (a.to_move - 1) % 2 + 1, b: (a.to_move - 1) % 2 + 3 } : null;
  const finTitle = team ? t("col.final.title.team", team) : t("col.final.title", { p: who });
  const finHead = taken === null ? "" : `<th class="num final" title="${escapeHtml(finTitle)}">${t("col.final")}</th>`;
  const signed = (taken > 0 ? "+" : taken < 0 ? "−" : "") + Math.abs(taken);
  const frame = win ? "" : `<p class="hint frame">${escapeHtml(taken === null ? t("frame.no_score")
    : team ? t("frame.note.team", { ...team, d: signed }) : t("frame.note", { p: who, d: signed }))}</p>`;
  $("analysis").innerHTML = `<div class="meta">${escapeHtml(t("to_move", { p: who }))} · ${kind} · ${num(a.nodes, 0, { group: true })} ${escapeHtml(t("nodes"))}, ${num(a.seconds, 2)} s</div>` +
    `<table class="moves"><thead><tr><th>${t("col.card")}</th>${finHead}<th class="num${taken === null ? "" : " togo"}" title="${escapeHtml(t(win ? "col.win.title" : "col.points.title"))}">${t(win ? "col.win" : taken === null ? "col.points" : "col.togo")}</th>` +
    `<th class="num" title="${escapeHtml(t("col.gap.title"))}">${t("col.gap")}</th></tr></thead><tbody>${rows}</tbody></table>` + frame +
    solvedWords(a) + ivWords(a);
  fitMoves();
  $("pv").innerHTML = a.pv.length ? escapeHtml(t("best_line")) + " " + pvTricks(a).map((tr) => `<span class="trick">${tr.join(" ")}</span>`).join("") : "";
}

function fitMoves() {
  // each ± on its number's line where the panel has room for every one there, else every ±
  // under its number: never some of each, as a table left to wrap its cells had them
  const tb = $("analysis").querySelector("table.moves");
  if (!tb || !tb.offsetWidth) return;   // out of sight (another tab): fitted when it shows
  tb.classList.remove("stacked");
  tb.classList.toggle("stacked", tb.offsetWidth > $("analysis").clientWidth + 0.5);
}

function solvedWords(a) {
  // an estimate with cards the exact search solved says which, and how the others moved, in
  // sight: the rows' "exact" alone would not say why an estimate has exact rows
  return (a.solved_text || []).map((n) => `<p class="hint solved">${escapeHtml(cap(n))}</p>`).join("");
}

function ivWords(a) {
  // what an estimate's ± covers, in words a tap or a key opens: the badge's tooltip shows
  // to a mouse alone, never on a phone or to the keyboard; then the analysis's notes (its
  // samples, how a carried method's error was carried: "the note says how")
  if (a.exact) return "";
  const gap = a.moves.length > 1 ? `<p>${escapeHtml(cap(t("col.gap")) + ": " + t("col.gap.title"))}</p>` : "";
  const notes = (a.notes_text || []).map((n) => `<p class="note">${escapeHtml(cap(n))}</p>`).join("");
  return `<details class="iv"><summary>${escapeHtml(t("iv.what"))}</summary><p>${escapeHtml(cap(a.method_text || ""))}</p>` +
    `<p>${escapeHtml(t("ivlong." + a.interval))}</p>${gap}${notes}</details>`;
}

function pvTricks(a) {
  // the line as tricks: a card already on the table starts the first one
  const n = (S.view && S.view.players) || (a.position.includes("hand4=") ? 4 : 2);
  const m = /(?:^| )table=(\S+)/.exec(a.position);
  const out = [];
  let cur = m ? m[1].split(",") : [];
  for (const c of a.pv) { cur.push(c); if (cur.length === n) { out.push(cur); cur = []; } }
  if (cur.length) out.push(cur);
  return out;
}

function autoAnalyse() {
  if (!$("auto").checked || !S.view || !S.view.position || S.mode === "puzzle") return;
  if (othersTurn()) waitForTurn(); else analyse();
}

function waitForTurn() {
  // a seat's analysis values its own cards: on the other player's turn there is none to give
  $("analysis").innerHTML = `<p class="hint">${escapeHtml(t("seat.waiting", { p: pname(S.view.turn) }))}</p>`;
  $("pv").innerHTML = "";
}

async function explain() {
  const position = S.view && S.view.position;
  if (!position) { if (S.view && S.view.over) $("explanation").textContent = t("analyse.over"); return; }
  // a seat's view is explained once it determines the other hand (the server works it out)
  if (hidesHand() && !S.view.known) { $("explanation").textContent = t("explain.seat"); return; }
  $("explanation").textContent = t("explaining");
  try {
    const r = await api("/api/explain", { position, objective: $("objective").value,
      time_limit: +$("time-limit").value, client: client + ":analyse" });
    $("explanation").textContent = r.text;
  } catch (e) { $("explanation").textContent = e.message; }
}

// ----- positions and games -------------------------------------------------------------
function newGameState() {
  S.redo = []; S.redoGame = null; S.dealSeed = undefined; S.rev = {}; renderReview(); $("review-progress").textContent = "";
  endSearchLines();
}

async function setPosition(text) {
  const seed = $("seed").value === "" ? undefined : +$("seed").value;
  notationError("");
  try {
    let v;
    try {   // you play the side to move
      v = await api("/api/deal", { position: text, seed, seat: 0, open: $("open-hands").checked, bottom: 0 });
      S.mode = "game";
      $("human").value = String(v.turn);
    } catch (e) {
      if (e.cancelled) throw e;   // no game from it: shown as a position, or /api/position says why
      v = await api("/api/position", { position: text });
      S.mode = "view"; S.game = null; S.plies = []; S.tricks = [];
    }
    newGameState();
    showView(v);
    status(() => (S.mode === "game" ? t("click_to_play", { p: pname(v.turn) }) : t("shown")));
    autoAnalyse();
  } catch (e) { fail(e); if (!e.cancelled) notationError(e.message); }
}

// a search's progress in the page's words, from the data the server sends (its state, and
// the engine's last line as a kind and its figures), never from the English line; a line,
// so it starts with a capital in either language
function progressText(p) { return cap(progressWords(p)); }
function progressWords(p) {
  const d = p.line;
  if (d && d.kind === "exact") return t("progress.exact", { nodes: num(d.nodes, 0, { group: true }) });
  if (d && d.kind === "samples") {
    const what = T["progress.what." + d.label] !== undefined ? t("progress.what." + d.label) : t("progress.what.estimate");
    // a chance of winning in percent, as the answer says it (solver.analysis.sampler.best_line)
    const value = d.objective === "win" ? pct(100 * d.value, 1) : fmt(d.value);
    return t("progress.samples", { what, n: num(d.samples, 0, { group: true }), card: d.best, value });
  }
  return t(p.state === "waiting" ? "waiting" : "searching");
}

function notationError(message) {
  // said beside the box it comes from: the status line may be out of sight
  const el = $("notation-error");
  el.hidden = !message;
  el.textContent = message ? t("notation_error", { error: message.replace(/\.$/, "") }) : "";
  $("notation").setAttribute("aria-invalid", message ? "true" : "false");
}

async function newDeal() {
  const seed = $("seed").value === "" ? undefined : +$("seed").value;
  try {
    fitSeat(playersOf($("variant").value));
    const v = await api("/api/deal", { variant: $("variant").value, seed, ...viewer() });
    S.mode = "game"; newGameState();
    showView(v);
    S.dealSeed = seed;   // the seed typed, if any: a seed drawn at random travels sealed
    status(() => seed === undefined ? t("dealt_sealed") : t("dealt", { seed }));
    await engineTurns();
    autoAnalyse();
  } catch (e) { fail(e); }
}

async function loadGame(game, keep) {
  if (!keep && game && typeof game === "object") fitSeat(playersOf(game.variant || "scoperta"));
  const v = await api("/api/game", { game, ply: keep && S.view && S.view.ply !== undefined ? S.view.ply : undefined,
    ...viewer() });
  S.mode = "game";
  if (!keep) newGameState();
  showView(v);
  if (!keep && !v.over) status(() => t("click_to_play", { p: pname(v.turn) }));
  autoAnalyse();
}

async function undo() {
  if (!S.game || !S.game.moves.length) return;
  const human = +$("human").value;
  if (!S.redo.length) S.redoGame = JSON.parse(JSON.stringify(S.game));   // what redo gives back
  const g = JSON.parse(JSON.stringify(S.game));
  delete g.result;
  try {
    let v;
    do {   // back to the last time it was your turn
      S.redo.push(g.moves.pop());
      delete S.rev[g.moves.length + 1];
      v = await api("/api/game", { game: g, ...viewer() });
    } while (human && g.moves.length && v.turn !== human);
    showView(v);
    status(() => t("taken_back"));
    autoAnalyse();
  } catch (e) { fail(e); }
}

async function redo() {
  // the next card taken back, from the record as it was before: the server adds no card the
  // page writes into a sealed record, but takes back the moves it played, as many as asked
  if (!S.redo.length) return;
  const whole = S.redoGame, n = S.game.moves.length;
  if (!whole || S.game.moves.join() !== whole.moves.slice(0, n).join()) { S.redo = []; $("redo").disabled = true; return; }
  const g = JSON.parse(JSON.stringify(whole));
  g.moves = g.moves.slice(0, n + 1);
  if (g.moves.length < whole.moves.length) delete g.result;
  try {
    const v = await api("/api/game", { game: g, ...viewer() });
    S.redo.pop();
    showView(v);
    autoAnalyse();
  } catch (e) { fail(e); }
}

async function download() {
  let game = S.game;
  if (S.view && S.view.sealed) {   // the whole record, cards and all: only when asked for
    if (!confirm(t("download.sealed"))) return;
    try { game = await api("/api/record", { game }); } catch (e) { fail(e); return; }
  }
  const blob = new Blob([JSON.stringify(game, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `briscola-${S.game.variant}-${S.game.seed ?? S.dealSeed ?? "game"}.json`;
  a.click();
  URL.revokeObjectURL(a.href);
}

// ----- set-up by clicking cards ------------------------------------------------------------
const RANKS = ["A", "3", "R", "C", "F", "7", "6", "5", "4", "2"], SUITS = "BCDS";
const placed = {};
function buildPicker() {
  const p = $("picker");
  for (let s = 0; s < 4; s++) for (const r of RANKS) {
    const c = r + SUITS[s];
    const b = document.createElement("button");
    b.className = "s" + s; b.dataset.card = c;
    b.innerHTML = `${c}<span class="where"></span>`;
    b.addEventListener("click", () => {
      const place = $("place").value;
      if (["table", "top", "briscola"].includes(place)) for (const k in placed) if (placed[k] === place) delete placed[k];
      if (place && placed[c] !== place) placed[c] = place; else delete placed[c];
      paintPicker();
    });
    p.appendChild(b);
  }
}
function paintPicker(preview = true) {
  // each card says where it was put, in the page's words
  for (const b of $("picker").children) {
    const w = placed[b.dataset.card] || "";
    b.querySelector(".where").textContent = w ? t("place.short." + w) : "";
    b.classList.toggle("placed", !!w);
  }
  if (preview) previewSetup();
}
let previewing = 0;
async function previewSetup() {
  // the position as it is built: its notation, and its picture once it is one
  const text = pickerText(), mine = ++previewing;
  $("setup-text").textContent = text;
  try {
    const v = await api("/api/position", { position: text });
    if (mine !== previewing) return;
    $("setup-board").innerHTML = v.svg;
  } catch (e) {
    if (mine !== previewing) return;
    $("setup-board").innerHTML = `<p class="hint">${escapeHtml(t("setup.incomplete", { error: e.message }))}</p>`;
  }
}
function pickerText() {
  const by = (pl) => Object.keys(placed).filter((c) => placed[c] === pl);
  const f = (k) => `${k}=${by(k).join(",") || "-"}`;
  let t = `${f("hand1")} ${f("hand2")}`;
  for (const k of ["table", "top", "briscola"]) if (by(k).length) t += ` ${k}=${by(k)[0]}`;
  if (by("unseen").length) t += ` ${f("unseen")}`;        // the rest was played
  else if (by("played").length) t += ` ${f("played")}`;   // the rest is in the talon
  return t + ` turn=${$("setup-turn").value}`;
}

// ----- puzzles ----------------------------------------------------------------------------
// The list holds no answer and no comment: the comment (it may name the answer) comes
// with the answer.
async function loadPuzzles() {
  try {
    const r = await api(`/api/puzzles?variant=${$("pz-variant").value}`);
    S.puzzles = r.puzzles; S.pz = Math.min(S.pz, r.puzzles.length - 1); if (S.pz < 0) S.pz = 0;
    showPuzzle();
  } catch (e) { fail(e); }
}
async function showPuzzle() {
  const p = S.puzzles[S.pz];
  if (!p) return;
  S.mode = "puzzle"; S.answered = false; S.wrong = []; S.tried = null;
  $("pz-retry").hidden = $("pz-reveal").hidden = true;
  $("gameview").hidden = true; $("over").hidden = true;
  $("pz-count").textContent = ` ${S.pz + 1} / ${S.puzzles.length} (${t("diff." + p.difficulty)}) `;
  $("pz-question").textContent = (p.title ? p.title + ". " : "") + (p.question === "best"
    ? t("pz.best", { p: pname(p.to_move) }) : t("pz.value", { p: pname(p.to_move) })) +
    (p.objective === "win" ? " " + t("pz.win") : "");
  const ph = p.question === "value" ? "pz.value_ph" : "pz.card_ph";   // a card: click it or type it
  $("pz-value").dataset.tPh = ph; $("pz-value").placeholder = t(ph);
  $("pz-feedback").textContent = ""; $("pz-explanation").textContent = ""; $("pz-comment").textContent = "";
  const v = await api("/api/position", { position: p.position, bottom: 0 });
  showView(v);
  status("");
}
async function answerPuzzle(answer, reveal) {
  // a wrong try is marked and the answer kept back, to try again; the first answer to each
  // puzzle counts in the score
  const p = S.puzzles[S.pz];
  if (S.answered) return;   // shown: "retry" starts it again
  try {
    const r = await api("/api/puzzles/answer", { id: p.id, variant: $("pz-variant").value, answer,
      client: client + ":analyse", reveal: !!reveal });
    if (!(p.id in S.counted)) { S.counted[p.id] = r.ok; S.done++; if (r.ok) S.right++; }
    $("pz-score").textContent = t("pz.score", { right: S.right, done: S.done });
    $("pz-retry").hidden = false;
    if (!r.ok && !reveal) {
      const card = r.card || answer;   // a card typed by its name comes back as notation
      S.tried = card;
      if (p.question === "best" && !S.wrong.includes(card)) S.wrong.push(card);
      markWrong();
      $("pz-feedback").textContent = p.question === "best" ? t("pz.try_again", { card }) : t("pz.not_value", { a: answer });
      $("pz-feedback").className = "error";
      $("pz-reveal").hidden = false;
      return;
    }
    S.answered = true;
    $("pz-reveal").hidden = true;
    $("pz-feedback").textContent = r.ok ? t("pz.right", { a: r.answer }) : t("pz.wrong", { a: r.answer });
    $("pz-feedback").className = r.ok ? "" : "error";
    $("pz-comment").textContent = r.comment || "";
    $("pz-explanation").textContent = r.explanation || "";
    if (p.question === "best") {   // the right cards, marked on the board
      const svg = await (await fetch(withLang("/api/picture"), { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ position: p.position, narrow: window.innerWidth < 700, bottom: 0,
          best: r.answer.split(",").map((c) => c.trim()) }) })).text();
      draw(svg);
    }
  } catch (e) { $("pz-feedback").textContent = e.message; $("pz-feedback").className = "error"; }
}

function markWrong() {
  // a red outline and a cross: not the green of the right card
  const ns = "http://www.w3.org/2000/svg";
  for (const c of S.wrong) for (const g of $("board").querySelectorAll(`svg g.card[data-card="${c}"][data-place^="hand"]`)) {
    if (g.classList.contains("wrong")) continue;
    g.classList.add("wrong");
    g.setAttribute("aria-label", t("pz.wrong_mark", { card: c }));
    const r = g.querySelector("rect");
    const x = +r.getAttribute("x") + +r.getAttribute("width") - 2, y = +r.getAttribute("y") + 2;
    const mark = document.createElementNS(ns, "g");
    mark.setAttribute("class", "wrong-mark");
    mark.innerHTML = `<circle cx="${x}" cy="${y}" r="10" fill="#b00020" stroke="#fff" stroke-width="1.5"/>` +
      `<text x="${x}" y="${y + 5}" font-size="14" fill="#fff" text-anchor="middle" font-family="sans-serif">\u2717</text>`;
    g.appendChild(mark);
  }
}

// ----- wiring -------------------------------------------------------------------------------
function tab(name) {
  for (const b of document.querySelectorAll("nav button")) {   // the selected tab alone in the Tab order
    b.classList.toggle("on", b.dataset.tab === name);
    b.setAttribute("aria-selected", b.dataset.tab === name ? "true" : "false");
    b.tabIndex = b.dataset.tab === name ? 0 : -1;
  }
  for (const el of document.querySelectorAll(".tab")) el.classList.toggle("on", el.id === "tab-" + name);
  if (name === "setup") previewSetup();
  if (name === "puzzles") { if (!S.puzzles.length) loadPuzzles(); else showPuzzle(); }
  else if (S.mode === "puzzle" && S.game) { S.mode = "game"; loadGame(S.game, true).catch(fail); }
}

function frameOf(a) {   // as solver.frame.frame_of: the final margin wherever the score is known
  return a.objective === "win" ? "win" : takenMargin(a) === null ? "togo" : "final";
}

function label(a, m) {   // as solver.picture.value_label
  const win = a.objective === "win";
  const v = win ? m.value : m.value + (takenMargin(a) || 0);
  let s = win ? pct(100 * v, 0) : (v >= 0 ? "+" : "") + num(v, 1);
  if (!a.exact && m.error !== undefined && (m.value_exact === undefined || m.value_exact === null)) s += ` \u00b1${win ? pct(100 * m.error, 1) : num(m.error, 1)}`;
  return s;
}

let wasNarrow = window.innerWidth < 700;
async function relayout() {
  // redraw the picture when the screen crosses the phone width
  const narrow = window.innerWidth < 700;
  if (narrow === wasNarrow || !S.view) return;
  wasNarrow = narrow;
  if (!S.view.position) {   // a finished deal's board: the game view draws it
    if (S.mode === "game" && S.game) loadGame(S.game, true).catch(fail);
    return;
  }
  const a = S.analysis && S.analysis.position === S.view.position ? S.analysis : null;
  const body = { position: S.view.position, narrow, bottom: bottom(),
    best: a ? a.best : [], values: a ? Object.fromEntries(a.moves.map((m) => [m.card, label(a, m)])) : {},
    frame: a ? frameOf(a) : null };
  const r = await fetch(withLang("/api/picture"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (r.ok) draw(await r.text());
}

async function loadVariants() {
  const r = await api("/api/variants");
  S.variants = r.variants;
  const game = $("variant").value, level = $("level").value || "engine:1";
  $("variant").innerHTML = r.variants.map((v) => `<option value="${v.name}">${escapeHtml(v.title)}</option>`).join("");
  if (game) $("variant").value = game;
  seatChoices();
  $("level").innerHTML = r.levels.map((l) => `<option value="${l}">${escapeHtml(levelName(l))}</option>`).join("");
  $("level").value = level;
  for (const o of $("pz-variant").options) {
    const v = r.variants.find((x) => x.name === o.value);
    if (v) o.textContent = v.title;
  }
}

async function changeLang() {
  localStorage.setItem("briscola-lang", lang());
  const here = new URL(location.href);   // an address that named a language now names this one
  if (here.searchParams.has("lang")) { here.searchParams.set("lang", lang()); history.replaceState(null, "", here); }
  await loadStrings();
  loadVariants().catch(fail);
  if (S.said) status(S.said);
  paintPicker($("tab-setup").classList.contains("on"));
  renderReview();
  if (S.analysis) showAnalysis(S.analysis);
  if (S.mode === "puzzle") { S.puzzles = []; loadPuzzles(); }
  else if (S.mode === "game" && S.game) loadGame(S.game, true).catch(fail);
  else renderGameView();
}

function tabKey(ev) {
  // the tabs' own keys (the ARIA tabs pattern): ← / → (Home / End) move the focus along
  // them, Enter or Space opens the one focused (opening a tab may change the board)
  const tabs = [...document.querySelectorAll("nav button")], i = tabs.indexOf(ev.target);
  const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: tabs.length - 1 }[ev.key];
  if (i < 0 || to === undefined || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  ev.preventDefault();
  tabs[(to + tabs.length) % tabs.length].focus();
}

function onKey(ev) {
  // ← / → step through the deal (Home / End: its start and end), not while typing or on the tabs
  if (ev.altKey || ev.ctrlKey || ev.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
  if (ev.target.closest && ev.target.closest('[role="tablist"]')) return;
  if (S.mode !== "game" || !S.game) return;
  const cur = S.view && S.view.ply !== undefined ? S.view.ply : S.plies.length;
  const to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: S.plies.length }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  goTo(to);
}

async function init() {
  // the address's ?lang= (briscola serve --lang it gives one), else the choice remembered
  const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem("briscola-lang");
  if (asked === "en" || asked === "it") $("lang").value = asked;
  if (window.innerWidth < 700) $("show-played").checked = false;   // the analysis first on a phone
  await loadStrings();
  window.addEventListener("resize", () => { clearTimeout(S.resizing); S.resizing = setTimeout(relayout, 250); });
  document.addEventListener("keydown", onKey);
  new ResizeObserver(fitMoves).observe($("analysis"));   // a new width, or the tab shown again
  for (const b of document.querySelectorAll("nav button")) b.addEventListener("click", () => tab(b.dataset.tab));
  document.querySelector("nav").addEventListener("keydown", tabKey);
  $("set").addEventListener("click", () => setPosition($("notation").value.trim()));
  $("analyse").addEventListener("click", () => (othersTurn() ? waitForTurn() : analyse()));
  $("stop").addEventListener("click", () => api("/api/stop", { client: client + ":analyse" }).catch(fail));
  $("explain").addEventListener("click", explain);
  $("deal").addEventListener("click", newDeal);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("show-played").addEventListener("change", foldPlayed);
  $("download").addEventListener("click", download);
  $("review").addEventListener("click", review);
  $("over-review").addEventListener("click", review);
  $("first").addEventListener("click", () => goTo(0));
  $("prev").addEventListener("click", () => goTo((S.view.ply ?? S.plies.length) - 1));
  $("next").addEventListener("click", () => goTo((S.view.ply ?? S.plies.length) + 1));
  $("last").addEventListener("click", () => goTo(S.plies.length));
  $("load").addEventListener("change", async (ev) => {
    const f = ev.target.files[0]; if (!f) return;
    let game;
    try { game = JSON.parse(await f.text()); } catch (e) { status(() => t("load.not_json", { name: f.name }), true); ev.target.value = ""; return; }
    try { await loadGame(game); status(() => t("loaded", { name: f.name })); } catch (e) { fail(e); }
    ev.target.value = "";
  });
  $("lang").addEventListener("change", changeLang);
  $("setup-use").addEventListener("click", () => { const s = pickerText(); $("notation").value = s; tab("analyse"); setPosition(s); });
  $("setup-clear").addEventListener("click", () => { for (const k in placed) delete placed[k]; paintPicker(); });
  $("setup-turn").addEventListener("change", previewSetup);
  $("pz-retry").addEventListener("click", showPuzzle);
  $("pz-reveal").addEventListener("click", () => answerPuzzle(S.tried, true));
  $("open-hands").addEventListener("change", () => { if (S.mode === "game" && S.game) loadGame(S.game, true).catch(fail); });
  $("human").addEventListener("change", async () => {
    if (S.mode !== "game" || !S.game || !seatOnBoard()) return;
    try { await loadGame(S.game, true); await engineTurns(); autoAnalyse(); } catch (e) { fail(e); }
  });
  $("variant").addEventListener("change", seatChoices);
  $("pz-variant").addEventListener("change", () => {   // a new set, a new score
    S.pz = 0; S.right = S.done = 0; S.counted = {}; $("pz-score").textContent = ""; loadPuzzles();
  });
  $("pz-prev").addEventListener("click", () => { if (S.pz > 0) { S.pz--; showPuzzle(); } });
  $("pz-next").addEventListener("click", () => { if (S.pz < S.puzzles.length - 1) { S.pz++; showPuzzle(); } });
  $("pz-submit").addEventListener("click", () => answerPuzzle($("pz-value").value.trim()));
  buildPicker();
  try { await loadVariants(); } catch (e) { fail(e); }
  const q = new URLSearchParams(location.search).get("position");
  if (q) { $("notation").value = q; await setPosition(q); } else { await newDeal(); }
}

init();
