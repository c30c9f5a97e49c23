// tabletop's dedicated boards: a picture of the table for a game that has one,
// drawn from the view the server sent (and, for Tannhäuser's map, from the
// sample content the server plays with: /content/tannhauser/board.json). A
// board only shows; what it lets a person click sends the same action text
// as the buttons and the terminal, and only when that text is legal now.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// An element naming a card, item or token: hovering it shows what it does
// (the server's `describe`, table.js).
function chip(id, label, cls) {
  const e = el("span", label || id, "chip" + (cls ? " " + cls : ""));
  e.dataset.card = id;
  return e;
}

function box(title, ...children) {
  const d = el("div", null, "bpanel");
  d.append(el("h4", title), ...children);
  return d;
}

function chips(list, label) {
  const d = el("div", null, "chips");
  if (!list || list.length === 0) d.append(el("span", "none", "muted"));
  for (const x of list || []) d.append(typeof x === "string" ? chip(x) : chip(x.card, label(x)));
  return d;
}

// --- Invaders: the zones as columns, each side's cards in its row --------------------

function invadersBoard(v) {
  const b = el("div", null, "board invaders");
  const cols = el("div", null, "zones");
  const card = (c) => `${c.name} ${c.power}${c.rotated ? " ↻" : ""}${c.counters ? ` +${c.counters}` : ""}`;
  for (const z of v.zones) {
    const col = el("div", null, "zone");
    col.dataset.zone = z.id;
    col.append(el("h4", `${z.name} (${z.id})`),
      el("p", `power ${z.power} · attack ${z.attack} / defence ${z.defence} · tokens ${z.tokens}` +
              (z.shielded ? " · shielded" : ""), "muted"),
      el("h5", "Invader"), chips(z.invader, card), el("h5", "Mankind"), chips(z.mankind, card));
    cols.append(col);
  }
  b.append(el("p", `Turn ${v.turn}, ${v.step}: ${v.active} active · plot ${v.plot} · ` +
                   `token supply ${v.token_supply}`), cols);
  const sides = el("div", null, "sides");
  for (const [who, p] of Object.entries(v.players)) {
    const hand = Array.isArray(p.hand) ? chips(p.hand) : el("span", `${p.hand} cards`);
    sides.append(box(`${who}: deck ${p.deck}`, el("h5", "hand"), hand, el("h5", "discard"),
                     chips(p.discard)));
  }
  b.append(sides);
  return b;
}

// --- Tannhäuser: the map drawn from its circles, characters on it ------------------

let tanMap = null; // the board content, fetched once
const tanColours = { red: "#c0392b", green: "#27ae60", blue: "#2e6fd0", yellow: "#d4ac0d",
                     purple: "#8e44ad", white: "#bbb" };

function tannhauserBoard(v, f, act) {
  const b = el("div", null, "board tannhauser");
  if (!tanMap) {
    b.append(el("p", "drawing the map…", "muted"));
    fetch("/content/tannhauser/board.json").then((r) => r.json()).then((m) => {
      tanMap = m;
      showBoard(lastView); // the newest view, which may have come meanwhile
    });
    return b;
  }
  const at = Object.fromEntries(tanMap.circles.map((c) => [c.id, c]));
  const xs = tanMap.circles.map((c) => c.x), ys = tanMap.circles.map((c) => c.y);
  const pad = 50, x0 = Math.min(...xs) - pad, y0 = Math.min(...ys) - pad;
  const s = svg("svg", { viewBox: `${x0} ${y0} ${Math.max(...xs) - x0 + pad} ${Math.max(...ys) - y0 + pad}`,
                         class: "map", role: "img", "aria-label": tanMap.name });
  for (const l of tanMap.links) {
    const a = at[l.a], c = at[l.b];
    if (a && c) s.append(svg("line", { x1: a.x, y1: a.y, x2: c.x, y2: c.y, class: "link" }));
  }
  const legal = new Set(f.legal);
  for (const c of tanMap.circles) {
    const g = svg("g", { class: `circle ${c.kind.toLowerCase()}`, "data-circle": c.id });
    const colours = c.colors || [];
    g.append(svg("circle", { cx: c.x, cy: c.y, r: 26,
                             fill: tanColours[colours[0]] || "#eee" }));
    if (colours[1]) g.append(svg("circle", { cx: c.x, cy: c.y, r: 14, fill: tanColours[colours[1]] }));
    const t = svg("text", { x: c.x, y: c.y + 44, class: "label" });
    t.textContent = c.id;
    g.append(t);
    const move = `move ${c.id}`;
    if (legal.has(move)) {
      g.classList.add("target");
      g.addEventListener("click", () => act(move));
    }
    s.append(g);
  }
  const here = {};
  for (const u of v.units.filter((x) => x.circle)) {
    const k = (here[u.circle] = (here[u.circle] || 0) + 1) - 1;
    const c = at[u.circle];
    if (!c) continue;
    const g = svg("g", { class: `unit seat${u.seat}`, "data-unit": u.id });
    g.append(svg("circle", { cx: c.x + 18 * k - 6, cy: c.y - 6, r: 15 }));
    const t = svg("text", { x: c.x + 18 * k - 6, y: c.y - 1 });
    t.textContent = u.name.split(" ").pop().slice(0, 3);
    const title = svg("title");
    title.textContent = `${u.name} (${v.players[u.seat].name}), wounds ${u.wounds}`;
    g.append(title, t);
    s.append(g);
  }
  b.append(el("p", `${tanMap.name} · ${v.mode} · turn ${v.turn} of ${v.max_turns} · ${v.phase}` +
                   (v.cycle ? ` · ${v.cycle.unit}: ${v.cycle.mp - v.cycle.mp_spent} MP left` : "")), s);
  const off = v.units.filter((u) => !u.circle);
  if (off.length) b.append(box("off the map", el("p", off.map((u) => `${u.name} (${u.status})`).join(", "))));
  return b;
}

// --- Braunau: the areas, and what each faction knows of the agents ------------------

function braunauBoard(v) {
  const b = el("div", null, "board braunau");
  const names = v.factions.map((x) => x.faction);
  const t = el("table", null, "areas");
  const head = el("tr");
  head.append(el("th", "area"), el("th", "value"), ...names.map((n) => el("th", n)), el("th", "agents"));
  t.append(head);
  for (const a of v.areas) {
    const tr = el("tr");
    tr.dataset.area = a.id;
    const agents = el("td");
    for (const fx of v.factions)
      for (const g of fx.agents || [])
        if (g.area === a.id) agents.append(chip(g.id, g.id + (g.exposed ? " (exposed)" : ""), fx.faction));
    tr.append(el("td", a.name), el("td", a.value), ...names.map((n) => el("td", a.support[n])), agents);
    t.append(tr);
  }
  b.append(el("p", `Round ${v.round} of ${v.rounds} · ${v.active} active`), t);
  const sides = el("div", null, "sides");
  for (const fx of v.factions) {
    const known = (fx.agents || []).map((g) => `${g.id}: ${g.where}${g.area ? " " + g.area : ""}` +
      (g.level ? `, level ${g.level}` : "") + (g.denounced ? ", denounced" : ""));
    sides.append(box(`${fx.faction}: ${fx.vp} VP, ${fx.gold} gold, ${fx.ap} AP`,
                     el("p", known.length ? known.join(" · ") : "agents unknown", "muted")));
  }
  b.append(sides);
  return b;
}

// --- The X-Files: each player's table, the stack and window, the deduction ----------

function xfilesBoard(v) {
  const b = el("div", null, "board xfiles");
  b.append(el("p", `Turn ${v.turn}, ${v.phase} (${v.step}) · ${v.investigating} investigating`));
  const sides = el("div", null, "sides");
  for (const p of v.players) {
    const sections = {};
    for (const a of p.agents) (sections[a.section] = sections[a.section] || []).push(a);
    const d = box(`${p.seat}: ${p.rp} RP, ${p.cp} CP, deck ${p.deck}` + (p.xfile ? `, X-File ${p.xfile}` : ""));
    for (const [sec, list] of Object.entries(sections))
      d.append(el("h5", sec), chips(list.map((a) => ({ card: a.agent, a })), (x) =>
        `${x.a.agent.replace(/^[^:]*:|#.*$/g, "")} ${x.a.health - x.a.damage}/${x.a.health}`));
    d.append(el("h5", "sites"), chips(p.sites.map((x) => (typeof x === "string" ? x : x.card || x.site))));
    d.append(el("h5", "hand"), Array.isArray(p.hand) ? chips(p.hand) : el("span", `${p.hand} cards`));
    sides.append(d);
  }
  b.append(sides);
  const w = v.window ? `${v.window.about}; priority ${v.window.priority}` : "no window open";
  b.append(box("the stack and window", el("p", w), chips(v.stack.map((x) =>
    (typeof x === "string" ? x : x.card || JSON.stringify(x))))));
  const ded = el("div");
  for (const [who, list] of Object.entries(v.possible || {}))
    ded.append(el("p", `${who}'s X-File is one of ${list.join(", ")}`));
  for (const n of v.notebook || []) ded.append(el("p", typeof n === "string" ? n : JSON.stringify(n)));
  b.append(box("the deduction", ded));
  return b;
}

// --- INWO: each power structure on its grid, the hands, the Basic Goal ---------------

// The printed cards (/content/inwo/content.json): arrows, values, alignments.
// The view names each card instance (`B:G05#1`) and places it (x, y, rot,
// INWO-2.11); what a card prints comes from the content the table plays with.
let inwoCards = null;
const inwoSides = "NESW";
const inwoCell = 120; // px per grid cell; a card is a square inside it
const inwoStep = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] }; // SVG's y runs down

function inwoLoad() {
  fetch("/content/inwo/content.json").then((r) => r.json()).then((c) => {
    inwoCards = {};
    for (const k of ["illuminati", "groups", "resources", "plots"]) for (const d of c[k]) inwoCards[d.id] = d;
    showBoard(lastView);
  });
}

// "B:G05#1" -> "G05": the card's id, which `describe` takes
const inwoCardId = (instance) => instance.replace(/^[A-Z]:/, "").replace(/#[0-9]+$/, "");

// INWO-2.11.2: local side s of a card turned r quarter turns clockwise points to turn(s, r)
const inwoTurn = (side, rot) => inwoSides[(inwoSides.indexOf(side) + rot) % 4];

// INWO-2.4.1: an Illuminati has no incoming arrow and outgoing arrows on all four sides
function inwoArrows(d) {
  if (!d || d.kind === "illuminati") return { in: null, out: [...inwoSides] };
  return d.arrows || { in: null, out: [] };
}

// A triangle on side `side` of the card centred at (cx, cy): pointing out
// of the card for a control arrow, into it for the incoming one.
function inwoArrow(cx, cy, side, out) {
  const [dx, dy] = inwoStep[side], h = inwoCell * 0.4, w = 10, tip = out ? 12 : -12;
  const bx = cx + dx * h, by = cy + dy * h;
  const px = -dy, py = dx; // along the edge
  const pts = [[bx + px * w, by + py * w], [bx - px * w, by - py * w], [bx + dx * tip, by + dy * tip]];
  return svg("polygon", { points: pts.map((q) => q.join(",")).join(" "), class: out ? "out" : "in" });
}

function inwoText(x, y, text, cls) {
  const t = svg("text", { x: x, y: y, class: cls || "" });
  t.textContent = text;
  return t;
}

// One card of a structure; a click puts its instance id in the action box
// (`attack ` then a click on the target), hovering says what the card does.
function inwoNode(n) {
  const d = inwoCards[inwoCardId(n.card)];
  const cx = n.x * inwoCell, cy = -n.y * inwoCell, h = inwoCell * 0.4;
  const g = svg("g", { class: "node" + (d && d.kind === "illuminati" ? " illuminati" : ""),
                       "data-node": n.card, "data-card": inwoCardId(n.card) });
  g.append(svg("rect", { x: cx - h, y: cy - h, width: 2 * h, height: 2 * h, rx: 6 }));
  const a = inwoArrows(d);
  if (a.in) g.append(inwoArrow(cx, cy, inwoTurn(a.in, n.rot), false));
  for (const s of a.out) g.append(inwoArrow(cx, cy, inwoTurn(s, n.rot), true));
  const name = d ? d.name : n.card;
  g.append(inwoText(cx, cy - h + 16, name.length > 14 ? name.slice(0, 13) + "…" : name, "name"),
           inwoText(cx, cy - 8, n.card, "id"));
  // printed values: the view does not carry the effective ones (INWO-2.14)
  if (d) g.append(inwoText(cx, cy + 10, `${d.power}/${d.global}` + (d.res !== undefined ? ` R${d.res}` : ""), "vals"));
  if (d && d.align && d.align.length) g.append(inwoText(cx, cy + 26, d.align.join(" "), "align"));
  for (let k = 0; k < n.tokens; k++)
    g.append(svg("circle", { cx: cx - h + 12 + 13 * k, cy: cy + h - 10, r: 5, class: "token" }));
  g.addEventListener("click", () => {
    const box = document.getElementById("act-text");
    box.value = (box.value.trim() ? box.value.trim() + " " : "") + n.card;
    box.focus();
  });
  return g;
}

function inwoStructure(seat) {
  const xs = seat.structure.map((n) => n.x), ys = seat.structure.map((n) => -n.y);
  const x0 = (Math.min(...xs) - 0.5) * inwoCell, y0 = (Math.min(...ys) - 0.5) * inwoCell;
  const w = (Math.max(...xs) - Math.min(...xs) + 1) * inwoCell;
  const hh = (Math.max(...ys) - Math.min(...ys) + 1) * inwoCell;
  const s = svg("svg", { viewBox: `${x0} ${y0} ${w} ${hh}`, class: "structure", width: w * 0.8,
                         height: hh * 0.8, role: "img", "aria-label": `${seat.seat}'s power structure` });
  for (const n of seat.structure) s.append(inwoNode(n));
  return s;
}

// A hand as this page may see it: known cards by name, the others by back
// ("plot", "group"), with who else has seen them (INWO-7.10).
function inwoHand(list) {
  const known = list.filter((c) => c.includes("#"));
  const backs = {};
  for (const c of list.filter((x) => !x.includes("#"))) {
    const k = c.replace(/^[A-Z]:/, "");
    backs[k] = (backs[k] || 0) + 1;
  }
  const d = el("div", null, "chips");
  for (const c of known) {
    const def = inwoCards[inwoCardId(c)];
    d.append(chip(inwoCardId(c), `${def ? def.name : c} (${c})`, "known"));
  }
  for (const [k, n] of Object.entries(backs)) d.append(el("span", `${n} × ${k}`, "muted back"));
  if (!list.length) d.append(el("span", "none", "muted"));
  return d;
}

// INWO-3.10: groups controlled, the Illuminati included, against 12 (2–3
// players), 11 (4) or 10 (5 and more); a table's own override is not in the view.
function inwoBasicGoal(seat, nplayers) {
  const goal = nplayers <= 3 ? 12 : nplayers === 4 ? 11 : 10;
  return `Basic Goal ${seat.structure.length}/${goal}`;
}

function inwoBoard(v, f) {
  const b = el("div", null, "board inwo");
  if (!inwoCards) {
    b.append(el("p", "reading the cards…", "muted"));
    if (inwoCards === null) { inwoCards = undefined; inwoLoad(); }
    return b;
  }
  b.append(el("p", `Round ${v.round} · ${v.active}'s turn · ${v.to_move} to decide (${v.point})`));
  const sides = el("div", null, "sides");
  for (const seat of v.seats) {
    const ill = inwoCards[inwoCardId(seat.structure[0] ? seat.structure[0].card : "")];
    const p = box(`${seat.seat}${seat.seat === v.to_move ? " ▸" : ""}: ${ill ? ill.name : ""} · ` +
                  `${inwoBasicGoal(seat, v.seats.length)} · ${seat.completed} turns`);
    p.dataset.seat = seat.seat;
    p.append(inwoStructure(seat), el("h5", "hand"), inwoHand(seat.hand),
             el("p", `Plot deck ${seat.plot_deck.length} · Group deck ${seat.group_deck.length}`, "muted"),
             el("h5", "discard"), inwoHand(seat.discard), el("h5", "destroyed"), inwoHand(seat.destroyed));
    sides.append(p);
  }
  b.append(sides);
  return b;
}

const boards = { invaders: invadersBoard, tannhauser: tannhauserBoard, braunau: braunauBoard,
                 xfiles: xfilesBoard, inwo: inwoBoard };
