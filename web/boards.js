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

const boards = { invaders: invadersBoard, tannhauser: tannhauserBoard, braunau: braunauBoard,
                 xfiles: xfilesBoard };
