// The analysis board: plain JavaScript over the JSON API (no build step, nothing fetched
// from outside). The server draws every picture; this file only wires clicks to requests.
"use strict";

const $ = (id) => document.getElementById(id);
const client = (localStorage.getItem("briscola-client") ||
  (() => { const c = Math.random().toString(36).slice(2); localStorage.setItem("briscola-client", c); return c; })());

const S = {
  mode: "game",        // "game" | "view" (no game: a position of a variant we cannot play on) | "puzzle"
  game: null,          // the game record the server sends back
  view: null,          // the last view (position, svg, legal, turn, ...)
  redo: [],            // cards taken back
  analysis: null,
  busy: false,
  puzzles: [], pz: 0, right: 0, done: 0,
};

async function api(path, body) {
  // pictures for a phone-sized screen put the facts under the talon
  const narrow = window.innerWidth < 700;
  if (body === undefined && narrow) path += (path.includes("?") ? "&" : "?") + "narrow=1";
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...body, narrow }) };
  const r = await fetch(path, opts);
  const j = await r.json();
  if (!r.ok) { const e = new Error(j.error || r.statusText); e.cancelled = !!j.cancelled; throw e; }
  return j;
}

function lang() { return $("lang").value; }
function status(text, error) { $("status").textContent = text || ""; $("status").className = error ? "error" : ""; }
function fail(e) { if (!e.cancelled) status(e.message, true); }

// ----- the board ---------------------------------------------------------------------
function draw(svg) {
  $("board").innerHTML = svg || "";
  foldPlayed();
  const v = S.view;
  if (!v || !v.legal) return;
  const seat = v.turn || v.to_move;
  const human = +$("human").value;
  const mine = S.mode !== "game" || human === 0 || human === seat;
  if (!mine) return;
  for (const g of $("board").querySelectorAll(`g.card[data-place="hand${seat}"]`)) {
    if (!v.legal.includes(g.dataset.card)) continue;
    g.classList.add("playable");
    g.addEventListener("click", () => clickCard(g.dataset.card));
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

function showView(v, keepAnalysis) {
  S.view = v;
  if (v.game) S.game = v.game;
  if (v.position) $("notation").value = v.position;
  if (!keepAnalysis) { S.analysis = null; $("analysis").innerHTML = ""; $("pv").innerHTML = ""; $("explanation").textContent = ""; }
  if (v.over) {
    const [a, b] = v.result.points;
    draw("");
    $("board").innerHTML = `<div class="over"><h2>${a} – ${b}</h2><p>${
      v.result.winner ? "player " + v.result.winner + " wins" : "a draw"}${
      v.last ? " · last card " + v.last : ""}</p></div>`;
    status(`The deal is over: ${a}-${b}. Press review to see every card's cost.`);
  } else {
    draw(v.svg);
  }
  $("undo").disabled = !(S.mode === "game" && S.game && S.game.moves.length);
  $("redo").disabled = !(S.mode === "game" && S.redo.length);
  $("download").disabled = $("review").disabled = !(S.mode === "game" && S.game);
}

async function clickCard(card) {
  if (S.busy) return;
  if (S.mode === "puzzle") return answerPuzzle(card);
  if (S.mode !== "game") { status("This variant is shown for analysis only: deal a game to play it."); return; }
  try {
    S.busy = true;
    const v = await api("/api/play", { game: S.game, card, lang: lang() });
    S.redo = [];
    showView(v);
    if (!v.over) status(`You played ${card}.`);
    await engineTurns();
  } catch (e) { fail(e); } finally { S.busy = false; }
  autoAnalyse();
}

async function engineTurns() {
  const human = +$("human").value;
  while (S.mode === "game" && human !== 0 && S.view && !S.view.over && S.view.turn !== human) {
    status(`The engine (${$("level").value}) is thinking…`);
    const v = await api("/api/engine", { game: S.game, level: $("level").value, lang: lang(), client: client + ":engine" });
    showView(v);
    if (!v.over) status(`The engine played ${v.last}.` + (v.last_trick ? trickText(v.last_trick) : ""));
  }
}

function trickText(t) {
  return S.view.position && !/ table=/.test(S.view.position) ? ` Trick to player ${t.winner} (${t.points} points).` : "";
}

// ----- analysis --------------------------------------------------------------------------
let poller = null;
async function analyse() {
  const position = S.view && S.view.position;
  if (!position) return;
  $("stop").disabled = false;
  $("progress").textContent = "searching…";
  const t0 = Date.now();
  poller = setInterval(async () => {
    try {
      const p = await api(`/api/progress?client=${encodeURIComponent(client + ":analyse")}`);
      $("progress").textContent = p.running ? `${p.message} · ${((Date.now() - t0) / 1000).toFixed(0)} s` : "";
    } catch (e) { /* the answer will tell */ }
  }, 700);
  try {
    const a = await api("/api/analyse", { position, objective: $("objective").value, lang: lang(),
      time_limit: +$("time-limit").value, client: client + ":analyse" });
    if (!S.view || S.view.position !== position) return;   // the board moved on meanwhile
    S.analysis = a;
    draw(a.svg);
    showAnalysis(a);
    $("progress").textContent = "";
  } catch (e) {
    $("progress").textContent = e.cancelled ? "stopped" : "";
    fail(e);
  } finally {
    clearInterval(poller);
    $("stop").disabled = true;
  }
}

function fmt(x) { return (x > 0 ? "+" : "") + x.toFixed(2); }

function showAnalysis(a) {
  const win = a.objective === "win";
  const kind = a.exact ? `<span class="badge exact">exact</span>`
    : `<span class="badge estimate">estimate (${a.method}, 95 % interval ±)</span>`;
  let rows = a.moves.map((m) => {
    const best = a.best.includes(m.card);
    const val = win ? (100 * m.value).toFixed(1) + " %" : fmt(m.value);
    let extra = a.exact ? (m.value_exact || "") : (m.error !== undefined ? "± " + (win ? (100 * m.error).toFixed(1) : m.error.toFixed(2)) : "");
    if (!a.exact && m.gap_error !== undefined) {   // the gap's own interval: the cards share their samples
      const k = win ? 100 : 1, d = win ? 1 : 2;
      extra += ` · ${(k * (a.value - m.value)).toFixed(d)} ± ${(k * m.gap_error).toFixed(d)} below the best`;
    }
    return `<tr class="${best ? "best" : ""}" data-card="${m.card}"><td>${m.card}${best ? " ★" : ""}</td>` +
      `<td class="num value">${val}</td><td class="num">${extra}</td></tr>`;
  }).join("");
  $("analysis").innerHTML = `<div>Player ${a.to_move} to move · ${kind} · ${a.nodes.toLocaleString()} nodes, ${a.seconds.toFixed(2)} s</div>` +
    `<table class="moves"><tr><th>card</th><th title="${win ? "chance to end with 61 or more" : "points still to win: mover minus opponent"}">${win ? "win chance" : "points ±"}</th><th>${a.exact ? "exact" : "±"}</th></tr>${rows}</table>`;
  $("pv").innerHTML = a.pv.length ? "Best line: " + pvTricks(a).map((t) => `<span class="trick">${t.join(" ")}</span>`).join("") : "";
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

function autoAnalyse() { if ($("auto").checked && S.view && S.view.position && S.mode !== "puzzle") analyse(); }

async function explain() {
  const position = S.view && S.view.position;
  if (!position) return;
  $("explanation").textContent = "explaining…";
  try {
    const r = await api("/api/explain", { position, lang: lang(), objective: $("objective").value,
      time_limit: +$("time-limit").value, client: client + ":analyse" });
    $("explanation").textContent = r.text;
  } catch (e) { $("explanation").textContent = e.message; }
}

// ----- positions and games -------------------------------------------------------------
async function setPosition(text) {
  const seed = $("seed").value === "" ? undefined : +$("seed").value;
  try {
    let v;
    try {
      v = await api("/api/deal", { position: text, seed, lang: lang() });
      S.mode = "game";
      $("human").value = String(v.turn);
    } catch (e) {
      if (!/pasted position handles/.test(e.message)) throw e;
      v = await api("/api/position", { position: text, lang: lang() });
      S.mode = "view"; S.game = null;
    }
    S.redo = [];
    showView(v);
    status(S.mode === "game" ? `Player ${v.turn} to move: click a card to play it.` : "Shown for analysis.");
    autoAnalyse();
  } catch (e) { fail(e); }
}

async function newDeal() {
  const seed = $("seed").value === "" ? undefined : +$("seed").value;
  try {
    const v = await api("/api/deal", { variant: $("variant").value, seed, lang: lang() });
    S.mode = "game"; S.redo = [];
    if ($("human").value === "2" && v.players !== 2) $("human").value = "1";
    showView(v);
    status(`Deal of seed ${v.game.seed}.`);
    await engineTurns();
    autoAnalyse();
  } catch (e) { fail(e); }
}

async function loadGame(game, keepRedo) {
  const v = await api("/api/game", { game, lang: lang() });
  S.mode = "game";
  if (!keepRedo) S.redo = [];
  showView(v);
  autoAnalyse();
}

async function undo() {
  if (!S.game || !S.game.moves.length) return;
  const human = +$("human").value;
  const g = JSON.parse(JSON.stringify(S.game));
  delete g.result;
  try {
    let v;
    do {   // back to the last time it was your turn
      S.redo.push(g.moves.pop());
      v = await api("/api/game", { game: g, lang: lang() });
    } while (human && g.moves.length && v.turn !== human);
    showView(v);
    status("Taken back.");
    autoAnalyse();
  } catch (e) { fail(e); }
}

async function redo() {
  if (!S.redo.length) return;
  const card = S.redo.pop();
  try { const v = await api("/api/play", { game: S.game, card, lang: lang() }); showView(v); autoAnalyse(); } catch (e) { fail(e); }
}

function download() {
  const blob = new Blob([JSON.stringify(S.game, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `briscola-${S.game.variant}-${S.game.seed ?? "game"}.json`;
  a.click();
  URL.revokeObjectURL(a.href);
}

async function review() {
  $("review-out").innerHTML = "<p>reviewing every card…</p>";
  try {
    const r = await api("/api/review", { game: S.game, client: client + ":analyse" });
    const worst = r.mistakes.map((m) => `<li>move ${m.move} (player ${m.player}): ${m.card} instead of ${m.best.join("/")} costs ${(+m.cost).toFixed(2)}${m.cost_error ? " ± " + m.cost_error.toFixed(1) : ""}${m.view === "seat" ? " (from the player's seat)" : ""}</li>`).join("");
    $("review-out").innerHTML = `<h3>Review</h3><ol>${worst || "<li>no mistakes</li>"}</ol><pre>${escapeHtml(r.text)}</pre>`;
  } catch (e) { $("review-out").innerHTML = `<p class="error">${escapeHtml(e.message)}</p>`; }
}

function escapeHtml(s) { return String(s).replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" }[c])); }

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
function paintPicker() {
  for (const b of $("picker").children) {
    const w = placed[b.dataset.card] || "";
    b.querySelector(".where").textContent = w;
    b.classList.toggle("placed", !!w);
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
async function loadPuzzles() {
  try {
    const r = await api(`/api/puzzles?variant=${$("pz-variant").value}`);
    S.puzzles = r.puzzles; S.pz = 0; S.right = S.done = 0;
    showPuzzle();
  } catch (e) { fail(e); }
}
async function showPuzzle() {
  const p = S.puzzles[S.pz];
  if (!p) return;
  S.mode = "puzzle";
  $("pz-count").textContent = ` ${S.pz + 1} / ${S.puzzles.length} (${p.difficulty}) `;
  $("pz-question").textContent = (p.title ? p.title + ". " : "") + (p.question === "best"
    ? `Player ${p.to_move} to move: click the best card.` : `What is the exact value for player ${p.to_move}?`) +
    (p.objective === "win" ? " (objective: win the deal)" : "");
  $("pz-value-row").style.display = p.question === "value" ? "" : "none";
  $("pz-feedback").textContent = ""; $("pz-explanation").textContent = "";
  const v = await api("/api/position", { position: p.position, lang: lang() });
  showView(v);
  status("");
}
async function answerPuzzle(answer) {
  const p = S.puzzles[S.pz];
  try {
    const r = await api("/api/puzzles/answer", { id: p.id, variant: $("pz-variant").value, answer, lang: lang(), client: client + ":analyse" });
    S.done++; if (r.ok) S.right++;
    $("pz-feedback").textContent = r.ok ? `Right! (${r.answer})` : `Not quite: the answer is ${r.answer}.`;
    $("pz-feedback").className = r.ok ? "" : "error";
    $("pz-explanation").textContent = r.explanation || "";
    if (p.question === "best") {   // the right cards, marked on the board
      const svg = await (await fetch("/api/picture", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ position: p.position, lang: lang(), narrow: window.innerWidth < 700,
          best: r.answer.split(",").map((c) => c.trim()) }) })).text();
      draw(svg);
    }
    $("pz-score").textContent = `${S.right} right of ${S.done}`;
  } catch (e) { $("pz-feedback").textContent = e.message; $("pz-feedback").className = "error"; }
}

// ----- wiring -------------------------------------------------------------------------------
function tab(name) {
  for (const b of document.querySelectorAll("nav button")) b.classList.toggle("on", b.dataset.tab === name);
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("on", t.id === "tab-" + name);
  if (name === "puzzles" && !S.puzzles.length) loadPuzzles();
}

function label(a, m) {   // as solver.picture.value_label
  const win = a.objective === "win";
  let s = win ? `${Math.round(100 * m.value)}%` : (m.value >= 0 ? "+" : "") + m.value.toFixed(1);
  if (!a.exact && m.error !== undefined) s += ` \u00b1${(m.error * (win ? 100 : 1)).toFixed(1)}`;
  return s;
}

let wasNarrow = window.innerWidth < 700;
async function relayout() {
  // redraw the picture when the screen crosses the phone width
  const narrow = window.innerWidth < 700;
  if (narrow === wasNarrow || !S.view || !S.view.position) return;
  wasNarrow = narrow;
  const a = S.analysis && S.analysis.position === S.view.position ? S.analysis : null;
  const body = { position: S.view.position, lang: lang(), narrow,
    best: a ? a.best : [], values: a ? Object.fromEntries(a.moves.map((m) => [m.card, label(a, m)])) : {} };
  const r = await fetch("/api/picture", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (r.ok) draw(await r.text());
}

async function init() {
  window.addEventListener("resize", () => { clearTimeout(S.resizing); S.resizing = setTimeout(relayout, 250); });
  for (const b of document.querySelectorAll("nav button")) b.addEventListener("click", () => tab(b.dataset.tab));
  $("set").addEventListener("click", () => setPosition($("notation").value.trim()));
  $("analyse").addEventListener("click", analyse);
  $("stop").addEventListener("click", () => api("/api/stop", { client: client + ":analyse" }).catch(fail));
  $("explain").addEventListener("click", explain);
  $("deal").addEventListener("click", newDeal);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("show-played").addEventListener("change", foldPlayed);
  $("download").addEventListener("click", download);
  $("review").addEventListener("click", review);
  $("load").addEventListener("change", async (ev) => {
    const f = ev.target.files[0]; if (!f) return;
    try { await loadGame(JSON.parse(await f.text())); status(`Loaded ${f.name}.`); } catch (e) { fail(e); }
    ev.target.value = "";
  });
  $("lang").addEventListener("change", () => { if (S.mode === "game" && S.game) loadGame(S.game, true); });
  $("setup-use").addEventListener("click", () => { const t = pickerText(); $("notation").value = t; tab("analyse"); setPosition(t); });
  $("setup-clear").addEventListener("click", () => { for (const k in placed) delete placed[k]; paintPicker(); });
  $("pz-variant").addEventListener("change", loadPuzzles);
  $("pz-prev").addEventListener("click", () => { if (S.pz > 0) { S.pz--; showPuzzle(); } });
  $("pz-next").addEventListener("click", () => { if (S.pz < S.puzzles.length - 1) { S.pz++; showPuzzle(); } });
  $("pz-submit").addEventListener("click", () => answerPuzzle($("pz-value").value.trim()));
  buildPicker();
  try {
    const r = await api("/api/variants");
    $("variant").innerHTML = r.variants.map((v) => `<option value="${v.name}">${v.title}</option>`).join("");
    $("level").innerHTML = r.levels.map((l) => `<option${l === "engine:1" ? " selected" : ""}>${l}</option>`).join("");
  } catch (e) { fail(e); }
  const q = new URLSearchParams(location.search).get("position");
  if (q) { $("notation").value = q; await setPosition(q); } else { await newDeal(); }
}

init();
