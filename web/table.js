// tabletop's generic web table: the lobby and a table page for any game.
//
// The server holds the truth: this page shows what the server sends (the
// seat's view, the narration the seat may read, the legal actions) and sends
// back what the person chose, never predicting a move. One WebSocket
// (subprotocol "tabletop", JSON frames, docs/server.md); it reconnects by
// itself and asks again for the seat, which brings the full view back. The
// page's address says what to show: "/" the lobby, "/#table=N&token=T" a
// seat, "/#table=N&spectate" a spectator's view. Server text is always put
// in the page as text, never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
const here = new URLSearchParams(location.hash.slice(1));
const tableId = here.has("table") ? Number(here.get("table")) : null;
const token = here.get("token");

let ws = null;
let retry = 500; // ms before reconnecting; doubles up to 8 s
let games = [];
let lastTurn = null;

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function status(text, away) {
  $("status").textContent = text;
  $("status").classList.toggle("away", !!away);
}

function send(frame) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
}

function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/";
  ws = new WebSocket(url, "tabletop");
  ws.onopen = () => {
    retry = 500;
    status("connected");
    if (tableId === null) {
      send({ cmd: "games" });
      send({ cmd: "tables" });
    } else if (token) {
      send({ cmd: "join", table: tableId, token: token });
    } else {
      send({ cmd: "spectate", table: tableId });
    }
  };
  ws.onmessage = (m) => {
    let f;
    try { f = JSON.parse(m.data); } catch (e) { return; }
    (handlers[f.type] || (() => {}))(f);
  };
  ws.onclose = () => {
    status("connection lost: reconnecting…", true);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

// --- the lobby ---------------------------------------------------------------

function showGame() {
  const g = games.find((x) => x.name === $("game").value);
  if (!g) return;
  $("summary").textContent = g.summary;
  const dl = $("paramlist");
  dl.replaceChildren();
  for (const p of g.params) {
    dl.append(el("dt", p.key), el("dd", `${p.help} — ${p.allowed}; default ${p.default}`));
  }
  $("nseats").min = g.min_players;
  $("nseats").max = g.max_players;
  $("nseats").value = g.players.length || g.min_players;
  showSeats();
}

function showSeats() {
  const n = Number($("nseats").value);
  const ol = $("seats");
  while (ol.children.length > n) ol.lastChild.remove();
  while (ol.children.length < n) {
    const sel = el("select");
    for (const [v, t] of [["human", "a person"], ["easy", "AI, easy"], ["normal", "AI, normal"],
                          ["hard", "AI, hard"]]) {
      const o = el("option", t);
      o.value = v;
      sel.append(o);
    }
    if (ol.children.length > 0) sel.value = "normal";
    const li = el("li");
    li.append(sel);
    ol.append(li);
  }
}

function create(ev) {
  ev.preventDefault();
  $("lobby-error").hidden = true;
  const g = games.find((x) => x.name === $("game").value);
  let params = $("params").value.trim();
  const n = Number($("nseats").value);
  // a game whose player count is a parameter gets it from the seats
  if (g && g.min_players !== g.max_players && g.params.some((p) => p.key === "players") &&
      !/(^|\s)players=/.test(params)) {
    params = (params + " players=" + n).trim();
  }
  const seats = [...$("seats").querySelectorAll("select")].map((s) =>
    s.value === "human" ? { kind: "human" } : { kind: "ai", level: s.value });
  send({ cmd: "create", game: $("game").value, params: params, seats: seats });
}

function link(text, href) {
  const a = el("a", text);
  a.href = href;
  return a;
}

const handlers = {
  games(f) {
    games = f.games;
    const sel = $("game");
    sel.replaceChildren(...games.map((g) => { const o = el("option", g.name); o.value = g.name; return o; }));
    showGame();
  },
  tables(f) {
    const ul = $("tables");
    ul.replaceChildren();
    if (f.tables.length === 0) ul.append(el("li", "none yet", "muted"));
    for (const t of f.tables) {
      const who = t.seats.map((s) => `${s.player} (${s.kind === "ai" ? "AI" : s.present ? "here" : "away"})`);
      const li = el("li", `#${t.table} ${t.game} ${t.params} — ${who.join(", ")} — ${t.actions} actions `);
      li.append(link("watch", `/#table=${t.table}&spectate`));
      ul.append(li);
    }
  },
  created(f) {
    $("created").hidden = false;
    $("created-id").textContent = `#${f.table} (${f.game})`;
    const ul = $("links");
    ul.replaceChildren();
    for (const s of f.seats) {
      const li = el("li", `${s.player}: `);
      if (s.token) {
        const href = `${location.origin}/#table=${f.table}&token=${s.token}`;
        li.append(link(href, href));
      } else {
        li.append(document.createTextNode("an AI"));
      }
      ul.append(li);
    }
    const spect = `${location.origin}/#table=${f.table}&spectate`;
    const li = el("li", "spectators: ");
    li.append(link(spect, spect));
    ul.append(li);
    send({ cmd: "tables" });
  },
  // what a player asks of the others: each one asked gets Agree and Refuse
  undo_request(f) {
    const text = `${f.player} asks to take back his last decision`;
    if (f.waiting.includes(myPlayer)) {
      ask("undo", `${text}, past yours.`, [["Agree", { cmd: "undo_agree" }],
                                             ["Refuse", { cmd: "undo_refuse" }]]);
    } else {
      ask("undo", `${text}: waiting for ${f.waiting.join(", ")}.`);
    }
  },
  undo_refused(f) {
    ask("undo", `${f.by} refused to let ${f.player} take back his last decision.`);
  },
  hand_over(f) {
    const text = `${f.agreed.join(", ")} would hand ${f.player} to an AI (${f.ai})`;
    if (f.waiting.includes(myPlayer)) {
      ask(`hand${f.seat}`, `${text}.`, [["Agree", { cmd: "hand_over", seat: f.seat, ai: f.ai }],
                                        ["Refuse", { cmd: "hand_over_refuse", seat: f.seat }]]);
    } else {
      ask(`hand${f.seat}`, `${text}: waiting for ${f.waiting.join(", ")}.`);
    }
  },
  hand_over_refused(f) {
    ask(`hand${f.seat}`, `${f.by} refused to hand ${f.player} to an AI.`);
  },
  joined(f) {
    mySeat = f.seat;
    myPlayer = f.player;
    const who = f.seat === null ? "watching" : `playing ${f.player}`;
    $("title").textContent = `Table #${f.table}: ${f.game}, ${who}`;
    document.title = `tabletop #${f.table} ${f.game}`;
  },
  view(f) { showView(f); },
  narration(f) {
    const log = $("log");
    if (f.history) log.replaceChildren(); // the whole game so far, on (re)joining
    for (const line of f.lines) log.append(el("li", line));
    log.scrollTop = log.scrollHeight;
  },
  presence(f) { showPresence(f.seats); },
  accepted() { $("act-text").value = ""; },
  description(f) {
    // the text opens with the card's name ("Lt. Teo Anand (hero_anand)"): not said twice
    described[f.name] = f.text.startsWith(f.title) ? f.text : `${f.title}: ${f.text}`;
    for (const e of document.querySelectorAll("[data-card]"))
      if (baseId(e.dataset.card) === f.name) tip(e, described[f.name]);
  },
  error(f) {
    if (f.cmd === "describe") return; // a thing the game does not describe: no tooltip
    const e = $(tableId === null ? "lobby-error" : "error"); // the lobby's own, or the table's
    e.hidden = false;
    e.textContent = f.msg + (f.rule ? ` (${f.rule})` : "");
  },
};

// --- the table ---------------------------------------------------------------

// What the others ask of this seat (or what came of it), one line per
// matter ("undo", "hand1"): a line replaces the one before it; answers are
// [label, frame] pairs, each a button that sends its frame.
function ask(key, text, answers = []) {
  let p = document.querySelector(`#asks [data-ask="${key}"]`);
  if (!p) {
    p = el("p");
    p.dataset.ask = key;
    $("asks").append(p);
  }
  p.replaceChildren(el("span", text));
  for (const [label, frame] of answers) {
    const b = el("button", label, "small");
    b.type = "button";
    b.onclick = () => { p.remove(); send(frame); };
    p.append(b);
  }
}

function unask(key) {
  const p = document.querySelector(`#asks [data-ask="${key}"]`);
  if (p) p.remove();
}

// Who is at the table; a seated person may offer to hand a seat to an AI
// (the others agree by offering the same; its player too while he is here).
let mySeat = null;
let myPlayer = null;
let shownActions = null;
function showPresence(seats) {
  $("presence").replaceChildren(...seats.map((s, i) => {
    const li = el("li", s.player + (s.kind === "ai" ? " (AI)" : s.present ? "" : " (away)"));
    if (!s.present) li.className = "away";
    if (mySeat !== null && s.kind !== "ai") {
      const b = el("button", "hand to an AI", "small");
      b.type = "button";
      b.onclick = () => send({ cmd: "hand_over", seat: i, level: "normal" });
      li.append(" ", b);
    }
    return li;
  }));
}

// A value of the view as readable HTML: objects as definition lists, lists
// of plain values on one line, lists of objects as small panels.
function render(v) {
  if (v === null || v === undefined) return el("span", "—", "muted");
  if (typeof v !== "object") return el("span", typeof v === "boolean" ? (v ? "yes" : "no") : v);
  if (Array.isArray(v)) {
    if (v.length === 0) return el("span", "none", "muted");
    if (v.every((x) => x === null || typeof x !== "object")) return el("span", v.join(", "));
    const ul = el("ul");
    for (const x of v) { const li = el("li"); li.append(render(x)); ul.append(li); }
    return ul;
  }
  const dl = el("dl");
  for (const [k, x] of Object.entries(v)) {
    const dd = el("dd");
    dd.append(render(x));
    dl.append(el("dt", k.replace(/_/g, " ")), dd);
  }
  return dl;
}

function showPanels(view) {
  const panels = $("panels");
  panels.replaceChildren();
  if (!view || typeof view !== "object") return;
  const general = {};
  for (const [k, v] of Object.entries(view)) {
    if (v !== null && typeof v === "object") {
      const p = el("div", null, "panel");
      p.append(el("h4", k.replace(/_/g, " ")), render(v));
      panels.append(p);
    } else {
      general[k] = v;
    }
  }
  const p = el("div", null, "panel");
  p.append(el("h4", "game"), render(general));
  panels.prepend(p);
}

// --- card descriptions on hover: asked of the server once per card -------------------

const described = {};
// "inv:tunnel_wyrm#2" is the card tunnel_wyrm: the game describes kinds, not copies
const baseId = (id) => id.replace(/^[a-z0-9]+:/, "").replace(/#[0-9]+$/, "");

// What a card does, shown on hover: an HTML element's title, or an SVG
// element's <title> child (SVG has no title attribute); after the element's
// own note (data-note: what the board says of it now), which alone is no
// description.
function tip(e, text) {
  if (e.dataset.note && text !== e.dataset.note) text = `${e.dataset.note}\n${text}`;
  if (!(e instanceof SVGElement)) {
    e.title = text;
    return;
  }
  let t = e.querySelector(":scope > title");
  if (!t) e.prepend((t = document.createElementNS(SVG, "title")));
  t.textContent = text;
}

const tipped = (e) => {
  const t = e instanceof SVGElement ? e.querySelector(":scope > title")?.textContent : e.title;
  return t && t !== e.dataset.note;
};

function describeOnHover(ev) {
  const e = ev.target.closest && ev.target.closest("[data-card]");
  if (!e || tipped(e)) return;
  const name = baseId(e.dataset.card);
  if (described[name]) tip(e, described[name]);
  else if (described[name] === undefined) {
    described[name] = null; // asked
    send({ cmd: "describe", name: name });
  }
}

// The game's dedicated board, when it has one, above the generic panels.
let lastView = null;
function act(text) {
  $("error").hidden = true;
  send({ cmd: "act", text: text });
}

function showBoard(f) {
  lastView = f;
  const draw = boards[f.game];
  $("board").hidden = !draw || !f.view;
  if (draw && f.view) $("board").replaceChildren(draw(f.view, f, act));
  // a redrawn board keeps the descriptions already given: the pointer may
  // rest on a card, with no new hover to ask again
  for (const e of $("board").querySelectorAll("[data-card]"))
    if (described[baseId(e.dataset.card)]) tip(e, described[baseId(e.dataset.card)]);
}

function actionButtons(box, list) {
  box.replaceChildren(...list.map((text) => {
    const b = el("button", text);
    b.type = "button";
    b.onclick = () => act(text);
    return b;
  }));
}

function showView(f) {
  // an undo asked lapses once anyone acts or it is done; a seat an AI has
  // now is asked about no more
  if (f.actions !== shownActions) unask("undo");
  shownActions = f.actions;
  f.presence.forEach((s, i) => { if (s.kind === "ai") unask(`hand${i}`); });
  // how far the game is (rows of its record): tests and tools wait on it
  $("table").dataset.actions = f.actions;
  const players = f.presence.map((s) => s.player);
  showPresence(f.presence);
  showPanels(f.view);
  showBoard(f);
  $("picture").textContent = f.text || "";
  const mine = f.seat !== null && f.to_move === f.seat;
  $("turn").textContent = f.over ? "The game is over."
    : mine ? "Your decision." : `${players[f.to_move] || "?"} to decide.`;
  if (lastTurn !== null && lastTurn !== mine && mine) $("error").hidden = true;
  lastTurn = mine;
  actionButtons($("actions"), f.legal);
  actionButtons($("offturn"), f.offturn);
  $("act").hidden = f.seat === null || f.over;
  const r = $("result");
  r.hidden = !f.over;
  if (f.over && f.result) {
    const ranks = f.result.players.map((p, i) => `${players[i]}: rank ${p.rank}`).join(", ");
    r.textContent = `${f.result.text || f.result.reason} — ${ranks}`;
  }
}

function start() {
  if (tableId === null) {
    $("lobby").hidden = false;
    $("game").onchange = showGame;
    $("nseats").oninput = showSeats;
    $("create").onsubmit = create;
    $("refresh").onclick = () => send({ cmd: "tables" });
  } else {
    $("table").hidden = false;
    $("act").onsubmit = (ev) => {
      ev.preventDefault();
      const text = $("act-text").value.trim();
      if (text) act(text);
    };
    document.addEventListener("mouseover", describeOnHover);
    $("undo").onclick = () => {
      $("error").hidden = true;
      send({ cmd: "undo" });
    };
  }
  // a link to another table in the same tab: show it
  window.addEventListener("hashchange", () => location.reload());
  connect();
}

start();
