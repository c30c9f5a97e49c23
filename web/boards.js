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
  for (const x of list || []) d.append(typeof x === "string" ? chip(x) : chip(x.card || x.id, label(x)));
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
    // the seat's own hand by its cards (ids, as the action box takes them), another's by count
    const hand = p.hand_cards ? chips(p.hand_cards) : el("span", `${p.hand} cards`);
    hand.classList.add("hand");
    const side = box(`${who}: deck ${p.deck}`, el("h5", "hand"), hand, el("h5", "discard"),
                     chips(p.discard));
    side.dataset.side = who;
    sides.append(side);
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
    // hovering a character says who it is now, then what it is (describe)
    const g = svg("g", { class: `unit seat${u.seat}`, "data-unit": u.id, "data-card": u.id,
                         "data-note": `${u.name} (${v.players[u.seat].name}), wounds ${u.wounds}` });
    g.append(svg("circle", { cx: c.x + 18 * k - 6, cy: c.y - 6, r: 15 }));
    const t = svg("text", { x: c.x + 18 * k - 6, y: c.y - 1 });
    t.textContent = u.name.split(" ").pop().slice(0, 3);
    g.append(t);
    tip(g, g.dataset.note);
    s.append(g);
  }
  b.append(el("p", `${tanMap.name} · ${v.mode} · turn ${v.turn} of ${v.max_turns} · ${v.phase}` +
                   (v.cycle ? ` · ${v.cycle.unit}: ${v.cycle.mp - v.cycle.mp_spent} MP left` : "")), s);
  const off = v.units.filter((u) => !u.circle);
  if (off.length) b.append(box("off the map", chips(off, (u) => `${u.name} (${u.status})`)));
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
  for (const n of v.notebook || []) ded.append(el("p", xfilesNote(n)));
  b.append(box("the deduction", ded));
  return b;
}

// One notebook line: what one player asked another, the answers where this
// seat saw them (XF-6), and the X-Files named wrongly.
function xfilesNote(n) {
  if (typeof n === "string") return n;
  const asked = n.questions.length ? n.questions.join("; ") : "nothing yet";
  const wrong = n.wrong ? (n.wrong.length ? `; wrong guesses: ${n.wrong.join(", ")}` : "")
    : n.wrong_count ? `; ${n.wrong_count} wrong guess(es)` : "";
  return `${n.asker} asked ${n.asked}: ${asked}${wrong}`;
}

// --- INWO: each power structure on its grid, every public area, the items -----------

// The printed cards (/content/inwo/content.json): names, arrows, kinds. Every
// value that can change (Power, Resistance, alignments, tokens, links, marks)
// is the view's: effective now (INWO-2.14), as the rules compute it.
let inwoCards = null;
const inwoSides = "NESW";
const inwoCell = 150; // px per grid cell; a card is a square inside it
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
const inwoDef = (instance) => (inwoCards && instance ? inwoCards[inwoCardId(instance)] : null);
// "Port Vesper (A:G01#1)": a card the view names; a hidden one as the view gives it
const inwoName = (instance) => {
  const d = instance && instance.includes("#") ? inwoDef(instance) : null;
  return d ? `${d.name} (${instance})` : String(instance);
};

// INWO-2.11.2: local side s of a card turned r quarter turns clockwise points to turn(s, r)
const inwoTurn = (side, rot) => inwoSides[(inwoSides.indexOf(side) + rot) % 4];

// INWO-2.4.1: an Illuminati has no incoming arrow and outgoing arrows on all four sides
function inwoArrows(d) {
  if (!d || d.kind === "illuminati") return { in: null, out: [...inwoSides] };
  return d.arrows || { in: null, out: [] };
}

// "P13/10", "P5 R4": effective Power, Global Power and Resistance (INWO-2.14);
// an Illuminati has no Resistance
function inwoValues(n) {
  const d = inwoDef(n.card);
  return `P${n.power}${n.global ? "/" + n.global : ""}` +
         (d && d.kind === "illuminati" ? "" : ` R${n.res}`);
}

const inwoTokens = (k) => `${k} token${k === 1 ? "" : "s"}`;

// A triangle on side `side` of the card centred at (cx, cy): pointing out
// of the card for a control arrow, into it for the incoming one.
function inwoArrow(cx, cy, side, out) {
  const [dx, dy] = inwoStep[side], h = inwoCell * 0.42, w = 10, tip = out ? 12 : -12;
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

const inwoShort = (text, n) => (text.length > n ? text.slice(0, n - 1) + "…" : text);

// The legal actions that name `instance` (a word of their text).
const inwoActionsOf = (f, instance) => (f.legal || []).filter((t) => t.split(/[ =]/).includes(instance));

// A click on a card: the one legal action that names it and goes on from
// what the action box holds is sent, as a click on a Tannhäuser circle
// sends its move; else the card's instance goes into the box (`attack `,
// then a click on the target).
function inwoPick(instance, f, act) {
  const box = document.getElementById("act-text");
  const typed = box.value.trim();
  const fits = inwoActionsOf(f, instance).filter((t) => !typed || t.startsWith(typed + " "));
  if (fits.length === 1) {
    act(fits[0]);
    return;
  }
  box.value = (typed ? typed + " " : "") + instance;
  box.focus();
}

// Marks an element naming a card: hover says what it does (`describe`), a
// card some legal action names is a target, and a click picks it.
function inwoClickable(e, instance, f, act) {
  if (instance.includes("#") && inwoActionsOf(f, instance).length) e.classList.add("target");
  e.addEventListener("click", () => inwoPick(instance, f, act));
  return e;
}

// One card of a structure: name, instance, effective values, alignments and
// attributes now, marks, the cards linked to it, its Action tokens.
function inwoNode(n, f, act) {
  const d = inwoDef(n.card);
  const cx = n.x * inwoCell, cy = -n.y * inwoCell, h = inwoCell * 0.42;
  const g = svg("g", { class: "node" + (d && d.kind === "illuminati" ? " illuminati" : "") +
                              (n.flags.length ? " marked" : ""),
                       "data-node": n.card, "data-card": inwoCardId(n.card) });
  g.append(svg("rect", { x: cx - h, y: cy - h, width: 2 * h, height: 2 * h, rx: 6 }));
  const a = inwoArrows(d);
  if (a.in) g.append(inwoArrow(cx, cy, inwoTurn(a.in, n.rot), false));
  for (const s of a.out) g.append(inwoArrow(cx, cy, inwoTurn(s, n.rot), true));
  let y = cy - h + 15;
  const line = (text, cls) => { g.append(inwoText(cx, y, text, cls)); y += 13; };
  line(inwoShort(d ? d.name : n.card, 17), "name");
  line(n.card, "id");
  line(inwoValues(n), "vals");
  const words = [...n.align, ...n.attrs].join(" ");
  if (words) line(inwoShort(words, 22), "align");
  if (n.flags.length) line(n.flags.join(" ").toUpperCase(), "flags");
  for (const l of n.links.slice(0, 2)) {
    const ld = inwoDef(l.card);
    line(inwoShort(`+ ${ld ? ld.name : l.card}${l.temp_illegal ? " (inactive)" : ""}`, 22), "link");
  }
  if (n.links.length > 2) line(`+ ${n.links.length - 2} more`, "link");
  for (let k = 0; k < n.tokens; k++)
    g.append(svg("circle", { cx: cx - h + 12 + 13 * k, cy: cy + h - 10, r: 5, class: "token" }));
  if (n.tokens) g.append(inwoText(cx + h - 22, cy + h - 6, `×${n.tokens}`, "count"));
  return inwoClickable(g, n.card, f, act);
}

function inwoStructure(seat, f, act) {
  const xs = seat.structure.map((n) => n.x), ys = seat.structure.map((n) => -n.y);
  const x0 = (Math.min(...xs) - 0.5) * inwoCell, y0 = (Math.min(...ys) - 0.5) * inwoCell;
  const w = (Math.max(...xs) - Math.min(...xs) + 1) * inwoCell;
  const hh = (Math.max(...ys) - Math.min(...ys) + 1) * inwoCell;
  const s = svg("svg", { viewBox: `${x0} ${y0} ${w} ${hh}`, class: "structure", width: w * 0.8,
                         height: hh * 0.8, role: "img", "aria-label": `${seat.seat}'s power structure` });
  for (const n of seat.structure) s.append(inwoNode(n, f, act));
  return s;
}

// A card the view names as a chip: its name and instance, clickable.
function inwoChip(instance, f, act, label, cls) {
  const e = chip(inwoCardId(instance), label || inwoName(instance), cls);
  e.dataset.instance = instance;
  return inwoClickable(e, instance, f, act);
}

// A list of cards as this page may see them: known cards by name, the
// others by back ("plot", "group") and who else has seen them (INWO-7.10);
// exposed Plots marked (INWO-7.3); `seen`, the own hand's hand_seen_by.
function inwoCardList(list, f, act, exposed = [], seen = null, me = null) {
  const d = el("div", null, "chips");
  const backs = {};
  list.forEach((c, i) => {
    if (!c.includes("#")) {
      const k = c.replace(/^[A-Z]:/, "");
      backs[k] = (backs[k] || 0) + 1;
      return;
    }
    const marks = [];
    if (exposed.includes(c)) marks.push("exposed");
    if (seen && seen[i] && seen[i] !== me) marks.push(`seen by ${seen[i]}`);
    d.append(inwoChip(c, f, act, inwoName(c) + (marks.length ? ` — ${marks.join(", ")}` : ""),
                      "known" + (exposed.includes(c) ? " exposed" : "")));
  });
  for (const [k, n] of Object.entries(backs)) d.append(el("span", `${n} × ${k}`, "muted back"));
  if (!list.length) d.append(el("span", "none", "muted"));
  return d;
}

// The Resources in play (INWO-2.6) with their tokens and the group each is
// linked to (INWO-6), or that it is linked to none.
function inwoResources(seat, f, act) {
  const d = el("div", null, "chips");
  for (const r of seat.resources) {
    const text = `${inwoName(r.card)} linked to ${r.link ? inwoName(r.link) : "no group"}` +
                 (r.tokens ? `, ${inwoTokens(r.tokens)}` : "");
    d.append(inwoChip(r.card, f, act, text, "resource"));
  }
  if (!seat.resources.length) d.append(el("span", "none", "muted"));
  return d;
}

// An item (INWO-4.6.2): "i1 A attack Port Vesper (A:G01#1) → General Thorn (A:G11#1)".
function inwoItem(it) {
  let text = `i${it.i} ${it.who} ${it.kind}` + (it.card ? ` ${inwoName(it.card)}` : "");
  if (it.target) text += ` → ${/^i[0-9]+$/.test(it.target) || /^[A-F]$/.test(it.target) ? it.target : inwoName(it.target)}`;
  if (it.strength !== undefined)
    text += it.roll_needed === null ? `: strength ${it.strength}, fails with no roll (INWO-5.9.8)`
      : `: strength ${it.strength}, succeeds on a roll of ${it.roll_needed} or less`;
  if (it.canceled) text += " (canceled)";
  if (it.illegal) text += " (illegal)";
  return text;
}

// What is being played: the rounds open with who holds priority, each root
// item with its attached ones; the declaration half made (its declarer's
// only, INWO-7.13); the NWO area (INWO-5.18.6).
function inwoPending(v) {
  const p = el("div", null, "bpanel pending");
  p.append(el("h4", "Pending"));
  if (!v.rounds.length && !v.items.length) p.append(el("p", "nothing pending", "muted"));
  const rounds = el("ol", null, "rounds");
  for (const r of v.rounds)
    rounds.append(el("li", `${/^i[0-9]+$/.test(r.on) ? "round on " + r.on : String(r.on).replace("_", " ") + " round"}: ` +
                           (r.priority ? `${r.priority} holds priority` : "no one holds priority")));
  if (v.rounds.length) p.append(rounds);
  const items = el("ul", null, "items");
  for (const it of v.items) {
    const li = el("li", inwoItem(it));
    li.dataset.item = it.i;
    if (it.attached.length) {
      const sub = el("ul");
      for (const x of it.attached) {
        const a = el("li", inwoItem(x));
        a.dataset.item = x.i;
        sub.append(a);
      }
      li.append(sub);
    }
    items.append(li);
  }
  if (v.items.length) p.append(items);
  if (v.declaring)
    p.append(el("p", `You are declaring: ${v.declaring.head} (${v.declaring.answers.length} answers given)`, "declaring"));
  const nwo = Object.entries(v.nwo).map(([c, x]) => `${c} ${x ? inwoName(x) : "—"}`);
  p.append(el("p", `NWO: ${nwo.join(" · ")}`, "nwo"));
  return p;
}

// An open trade or gift offer (INWO-5.0.7).
function inwoOffer(o) {
  const cards = (l) => (l.length ? l.map((x) => (x.startsWith("def:") ? x.slice(4) : inwoName(x))).join(", ") : "nothing");
  return `offers a ${o.kind} to ${o.to}: gives ${cards(o.give)}, asks ${cards(o.ask)}` +
         (o.pay ? `, paid by ${o.pay === "recipient" ? "the recipient" : inwoName(o.pay)}` : "");
}

// A seat as every player at the table sees it, and his hand as this page may.
function inwoSeat(seat, v, f, act) {
  const ill = inwoDef(seat.structure[0] ? seat.structure[0].card : "");
  const [counted, needed] = seat.basic_goal;
  const special = seat.special_goal ? ` · Special Goal ${seat.special_goal[0]}/${seat.special_goal[1]}` : "";
  const p = box(`${seat.seat}${seat.seat === v.to_move ? " ▸" : ""}: ${ill ? ill.name : ""} · ` +
                `Basic Goal ${counted}/${needed}${special} · ${seat.completed} turn${seat.completed === 1 ? "" : "s"} done` +
                (seat.eliminated ? " · out of the game" : ""));
  p.dataset.seat = seat.seat;
  p.querySelector("h4").classList.add("goal");
  p.append(inwoStructure(seat, f, act), el("h5", "Resources"), inwoResources(seat, f, act));
  for (const [k, title] of [["pending", "attacked from hand (pending)"], ["agents", "Illuminati agents"],
                            ["zaps", "Zaps on him"]])
    if (seat[k].length) {
      const h = el("h5", title);
      h.dataset.area = k;
      p.append(h, inwoCardList(seat[k], f, act));
    }
  const hand = inwoCardList(seat.hand, f, act, seat.exposed, seat.hand_seen_by, seat.seat);
  hand.classList.add("hand");
  p.append(el("h5", "hand"), hand);
  if (seat.offer) p.append(el("p", inwoOffer(seat.offer), "offer"));
  p.append(el("p", `Plot deck ${seat.plot_deck.length} · Group deck ${seat.group_deck.length}`, "muted"),
           el("h5", "discard"), inwoCardList(seat.discard, f, act),
           el("h5", "destroyed"), inwoCardList(seat.destroyed, f, act));
  return p;
}

function inwoBoard(v, f, act) {
  const b = el("div", null, "board inwo");
  if (!inwoCards) {
    b.append(el("p", "reading the cards…", "muted"));
    if (inwoCards === null) { inwoCards = undefined; inwoLoad(); }
    return b;
  }
  b.append(el("p", `Round ${v.round} · ${v.active}'s turn · ${v.to_move} to decide (${v.point})`),
           inwoPending(v));
  const sides = el("div", null, "sides");
  for (const seat of v.seats) sides.append(inwoSeat(seat, v, f, act));
  b.append(sides);
  return b;
}

const boards = { invaders: invadersBoard, tannhauser: tannhauserBoard, braunau: braunauBoard,
                 xfiles: xfilesBoard, inwo: inwoBoard };
