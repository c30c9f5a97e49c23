// tabletop's web client in real Chromium (tests/browser/run.sh starts the
// server and sets TT_URL, TT_BIN, TT_ARTEFACTS and CHROMIUM). Each spec
// drives the pages as a person would, by clicking and typing, and checks what
// the pages show against the engine itself (`tabletop protocol`).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";

const URL = process.env.TT_URL;
const BIN = process.env.TT_BIN;
const ART = process.env.TT_ARTEFACTS;
const SPEC_MS = 50000; // each spec well under a minute

let browser;
const pageErrors = [];

before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ["--no-sandbox"] });
});
after(async () => {
  await browser.close();
});

// A page in a context of its own (its own storage, as another person's browser).
async function newPage() {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(10000);
  page.on("pageerror", (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && pageErrors.push(`${page.url()}: ${m.text()}`));
  return page;
}

function noPageErrors() {
  assert.deepEqual(pageErrors.splice(0), [], "the pages raised no script error");
}

// Creates a table in the lobby as a person does; levels: "human" or an AI level
// per seat. Returns the seats' links (null for an AI) and the spectators' link.
async function createInLobby(page, game, levels) {
  await page.goto(URL);
  await page.waitForSelector(`#game option[value="${game}"]`, { state: "attached" });
  await page.selectOption("#game", game);
  await page.fill("#nseats", String(levels.length));
  const selects = page.locator("#seats select");
  for (let i = 0; i < levels.length; i++) await selects.nth(i).selectOption(levels[i]);
  await page.click("#create button[type=submit]");
  await page.waitForSelector("#links a, #lobby-error:not([hidden])");
  assert.equal(await page.isVisible("#lobby-error"), false, await page.textContent("#lobby-error"));
  const items = await page.$$eval("#links li", (lis) =>
    lis.map((li) => (li.querySelector("a") ? li.querySelector("a").href : null)));
  return { seats: items.slice(0, -1), spectate: items[items.length - 1] };
}

// Creates a table of a given seed over the lobby page's own WebSocket (the
// lobby offers no seed): the same game as `tabletop protocol`'s `new` of it.
async function createSeeded(page, game, seed, nseats, params = "") {
  await page.goto(URL);
  await page.waitForSelector(`#game option[value="${game}"]`, { state: "attached" });
  const f = await page.evaluate(([g, s, n, params]) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${location.host}/`, "tabletop");
    ws.onopen = () => ws.send(JSON.stringify({ cmd: "create", game: g, seed: s, params,
      seats: Array.from({ length: n }, () => ({ kind: "human" })) }));
    ws.onmessage = (m) => { ws.close(); resolve(JSON.parse(m.data)); };
    ws.onerror = () => reject(new Error("no WebSocket"));
  }), [game, seed, nseats, params]);
  assert.equal(f.type, "created", JSON.stringify(f));
  return {
    seats: f.seats.map((s) => `${URL}#table=${f.table}&token=${s.token}`),
    spectate: `${URL}#table=${f.table}&spectate`,
  };
}

async function tableState(page) {
  return page.evaluate(() => ({
    actions: Number(document.getElementById("table").dataset.actions ?? -1),
    over: !document.getElementById("result").hidden,
    mine: document.getElementById("turn").textContent === "Your decision.",
    n: document.querySelectorAll("#actions button").length,
  }));
}

async function waitActions(page, atLeast) {
  await page.waitForFunction((k) => Number(document.getElementById("table").dataset.actions) >= k,
                             atLeast);
}

// A table made in the lobby with a page for each person at it, each in its
// own browser context, every page showing the table's first view (AI seats
// get none: `seats` and `pages` are the people's); watch(page) is called on
// each page before it opens (its results: `watched`).
async function seatedTable(game, levels, watch = () => null) {
  const lobby = await newPage();
  const seats = (await createInLobby(lobby, game, levels)).seats.filter((s) => s !== null);
  const pages = await Promise.all(seats.map(() => newPage()));
  const watched = pages.map(watch);
  await Promise.all(pages.map((p, i) => p.goto(seats[i])));
  await Promise.all(pages.map((p) => waitActions(p, 0)));
  return { seats, pages, watched };
}

// Plays by clicking until the game is over or `limit` actions were clicked:
// whichever page shows "Your decision." clicks one of its buttons (the
// choice turns with the count, so games differ from the first button's).
// Returns the texts clicked, in order.
async function playByClicking(pages, limit) {
  const clicked = [];
  const deadline = Date.now() + SPEC_MS - 10000;
  while (clicked.length < limit) {
    assert.ok(Date.now() < deadline, `still playing after ${clicked.length} actions`);
    const s = await Promise.all(pages.map(tableState));
    if (s.every((x) => x.over)) break;
    const i = s.findIndex((x) => x.mine && x.n > 0);
    if (i < 0 || !s.every((x) => x.actions === s[i].actions)) {
      await pages[0].waitForTimeout(10);
      continue;
    }
    const button = pages[i].locator("#actions button").nth((clicked.length * 7) % s[i].n);
    clicked.push(await button.textContent());
    await button.click();
    await waitActions(pages[i], s[i].actions + 1);
  }
  return clicked;
}

// The engine's own answers to a protocol session: its lines, one answer each.
function protocol(lines) {
  const r = spawnSync(BIN, ["protocol"], { input: lines.join("\n") + "\nquit\n", encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split("\n\n").filter((a) => a.trim() !== "");
}

test("two people play a table of Invaders to its end by clicking", { timeout: SPEC_MS }, async () => {
  const { seats, pages } = await seatedTable("invaders", ["human", "human"]);
  assert.equal(seats.length, 2);
  assert.ok(seats.every((s) => /#table=\d+&token=[0-9a-f]{32}$/.test(s)), seats.join(" "));
  const clicked = await playByClicking(pages, 1000);
  for (const p of pages) {
    await p.waitForSelector("#result:not([hidden])");
    assert.equal(await p.textContent("#turn"), "The game is over.");
    assert.match(await p.textContent("#result"), /invader: rank [12], mankind: rank [12]$/);
    assert.equal(await p.locator("#actions button").count(), 0);
    assert.equal(await p.isVisible("#act"), false);
  }
  assert.ok(clicked.length > 20, `${clicked.length} actions`);
  await pages[0].screenshot({ path: `${ART}/invaders-over.png`, fullPage: true });
  assert.equal(await pages[0].locator(".board.invaders .zone").count(), 3);
  await pages[0].locator("#board").screenshot({ path: `${ART}/board-invaders.png` });
  noPageErrors();
});

test("a reload in the middle of a game shows the same table", { timeout: SPEC_MS }, async () => {
  const { pages } = await seatedTable("invaders", ["human", "human"]);
  const clicked = await playByClicking(pages, 12);
  assert.equal(clicked.length, 12);
  const shown = (p) => p.evaluate(() => ["title", "presence", "turn", "actions", "offturn", "log",
    "panels", "picture"].map((id) => document.getElementById(id).textContent));
  const before = await shown(pages[0]);
  await pages[0].reload();
  await waitActions(pages[0], 12);
  await pages[0].waitForFunction(() => document.querySelectorAll("#log li").length > 0);
  assert.deepEqual(await shown(pages[0]), before);
  noPageErrors();
});

// A seeded table of people only, watched by a spectator while they click
// `clicks` actions: every view the spectator is sent is the engine's own
// spectator view of that position (`tabletop protocol`), and every card
// instance the page or a frame names (ids: its pattern) is in one of those
// views or in the spectator's narration.
async function spectatorSeesNoHiddenCard(game, { seed, nseats, params = "", ids, clicks }) {
  const lobby = await newPage();
  const { seats, spectate } = await createSeeded(lobby, game, seed, nseats, params);
  const watcher = await newPage();
  const frames = [];
  watcher.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
  await watcher.goto(spectate);
  await waitActions(watcher, 0);
  const pages = await Promise.all(seats.map(() => newPage()));
  await Promise.all(pages.map((p, i) => p.goto(seats[i])));
  await Promise.all(pages.map((p) => waitActions(p, 0)));
  const clicked = await playByClicking(pages, clicks);
  await waitActions(watcher, clicked.length);
  // the engine's spectator view after each action of the same game
  const session = [`new ${game} seed=${seed} ${params}`.trim(), "view spectator"];
  for (const text of clicked) session.push(`play ${text}`, "view spectator");
  const answers = protocol(session);
  const engine = [];
  for (let k = 0; k <= clicked.length; k++) {
    const a = answers[1 + 2 * k];
    assert.ok(a.startsWith("= {"), a);
    engine.push(JSON.parse(a.slice(2)));
  }
  const parsed = frames.map((f) => JSON.parse(f));
  const views = parsed.filter((f) => f.type === "view");
  assert.ok(views.length >= clicked.length, `${views.length} views`);
  for (const v of views) {
    assert.equal(v.seat, null);
    assert.deepEqual(v.legal, []);
    assert.deepEqual(v.offturn, []);
    assert.deepEqual(v.view, engine[v.actions], `the view after ${v.actions} actions`);
  }
  const named = (text) => new Set(text.match(ids) || []);
  const narration = parsed.filter((f) => f.type === "narration").flatMap((f) => f.lines).join("\n");
  const known = new Set([...engine.flatMap((v) => [...named(JSON.stringify(v))]), ...named(narration)]);
  // what the page shows as text, and the instances its boards name in attributes
  const page = await watcher.evaluate(() => document.body.innerText + " " +
    [...document.querySelectorAll("[data-node]")].map((e) => e.dataset.node).join(" "));
  for (const id of new Set([...named(page), ...named(frames.join("\n"))]))
    assert.ok(known.has(id), `${id} is shown to a spectator`);
  // and the first player's page names cards: the pattern finds them
  const hand = await pages[0].evaluate(() => document.getElementById("panels").innerText);
  assert.ok(named(hand).size > 0, "the first player's page shows its cards");
  await watcher.screenshot({ path: `${ART}/${game}-spectator.png`, fullPage: true });
  noPageErrors();
}

test("a spectator's page and frames hold no hidden card", { timeout: SPEC_MS }, async () => {
  await spectatorSeesNoHiddenCard("invaders", { seed: 11, nseats: 2, ids: /[a-z]+:[a-z0-9_]+#[0-9]+/g,
                                                clicks: 40 });
});

test("a refused action shows the rule that refuses it", { timeout: SPEC_MS }, async () => {
  const { pages } = await seatedTable("invaders", ["human", "human"]);
  // Mankind places its hero; then the Invader is to decide
  await playByClicking(pages, 1);
  const invader = pages[0];
  await invader.waitForFunction(() => document.getElementById("turn").textContent === "Your decision.");
  await invader.fill("#act-text", "play hero_varga");
  await invader.click("#act button[type=submit]");
  await invader.waitForSelector("#error:not([hidden])");
  assert.equal(await invader.textContent("#error"),
               "you hold no hero_varga (INV-5.3)");
  assert.equal(await invader.inputValue("#act-text"), "play hero_varga");
  assert.equal((await tableState(invader)).actions, 1);
  // a card of the hand says what it does on hover (the server's `describe`)
  const card = invader.locator(".board.invaders .chip[data-card]").first();
  await card.hover();
  await invader.waitForFunction(() => document.querySelector(".board.invaders .chip[data-card]").title);
  assert.match(await card.getAttribute("title"), /^[A-Z][^\n]* \([a-z_]+\)\n.*INV-[0-9]/s);
  await invader.screenshot({ path: `${ART}/invaders-refused.png`, fullPage: true });
  // taking back: refused before he has decided; then his strategy, taken back
  await invader.click("#undo");
  await invader.waitForFunction(() => document.getElementById("error").textContent.startsWith("nothing"));
  assert.equal(await invader.textContent("#error"), "nothing to undo: the Invader has taken no decision yet");
  await invader.locator("#actions button", { hasText: "strategy inv_plot_surge" }).click();
  await waitActions(invader, 2);
  await invader.click("#undo");
  await invader.waitForFunction(() => document.getElementById("table").dataset.actions === "1");
  assert.equal(await invader.isVisible("#error"), false);
  assert.equal(await invader.locator("#actions button", { hasText: "strategy inv_plot_surge" }).count(), 1);
  noPageErrors();
});

test("an Invaders seat sees its own hand on the board, each card said once on hover", { timeout: SPEC_MS }, async () => {
  const { pages, watched } = await seatedTable("invaders", ["human", "human"], lastFrames);
  const [invader, mankind] = pages;
  await playByClicking(pages, 1);
  await waitActions(invader, 1);
  // INV-5.3: a hand is its holder's; the board shows it by its cards, the other's by count
  const held = watched[0]().view.players.invader.hand_cards;
  assert.ok(held.length > 0);
  const hand = invader.locator('.board.invaders [data-side="invader"] .hand .chip[data-card]');
  assert.deepEqual(await hand.allTextContents(), held);
  assert.equal(await invader.textContent('.board.invaders [data-side="mankind"] .hand'),
               `${watched[0]().view.players.mankind.hand} cards`);
  assert.equal(await mankind.locator('.board.invaders [data-side="invader"] .hand .chip').count(), 0);
  // hovering one says what it does, its name once
  const card = hand.first();
  await card.hover();
  await invader.waitForFunction(() => document.querySelector('[data-side="invader"] .hand .chip').title);
  const title = await card.getAttribute("title");
  assert.match(title, new RegExp(`^[^\\n]+ \\(${held[0]}\\)\\n.*INV-[0-9]`, "s"));
  assert.doesNotMatch(title, /^(.+): \1 \(/);
  noPageErrors();
});

// Types an action into the page's action box and waits for the table to
// hold `actions` actions.
async function typeAct(page, text, actions) {
  await page.fill("#act-text", text);
  await page.click("#act button[type=submit]");
  await waitActions(page, actions);
}

const askText = (page, key) => page.textContent(`#asks [data-ask="${key}"] span`);

test("an undo past another's decision is asked of him: he refuses, then agrees", { timeout: SPEC_MS }, async () => {
  // TAN-3.5: recruits show nothing and draw nothing, so they may be taken back
  const lobby = await newPage();
  const { seats } = await createSeeded(lobby, "tannhauser", 7, 2);
  const [covenant, legion] = [await newPage(), await newPage()];
  await covenant.goto(seats[0]);
  await legion.goto(seats[1]);
  await Promise.all([covenant, legion].map((p) => waitActions(p, 0)));
  const recruits = ["varga", "rauch", "kessel", "cov_rifleman", "cov_grenadier"];
  for (let i = 0; i < recruits.length; i++) await typeAct(covenant, `recruit ${recruits[i]}`, i + 1);
  await typeAct(legion, "recruit calloway", 6);
  await waitActions(covenant, 6);
  // asked: the Legion sees the ask with its two answers, the Covenant whom it waits for
  await covenant.click("#undo");
  await legion.waitForSelector('#asks [data-ask="undo"] button');
  assert.equal(await askText(legion, "undo"), "covenant asks to take back his last decision, past yours.");
  assert.deepEqual(await legion.locator('#asks [data-ask="undo"] button').allTextContents(), ["Agree", "Refuse"]);
  await covenant.waitForSelector('#asks [data-ask="undo"]');
  assert.equal(await askText(covenant, "undo"), "covenant asks to take back his last decision: waiting for legion.");
  await legion.screenshot({ path: `${ART}/undo-asked.png`, fullPage: true });
  // refused: both are told, nothing taken back
  await legion.locator('#asks [data-ask="undo"] button', { hasText: "Refuse" }).click();
  await covenant.waitForFunction(() => document.querySelector('#asks [data-ask="undo"] span').textContent.includes("refused"));
  assert.equal(await askText(covenant, "undo"), "legion refused to let covenant take back his last decision.");
  assert.equal(await legion.locator('#asks [data-ask="undo"] button').count(), 0);
  assert.equal((await tableState(covenant)).actions, 6);
  // asked again and agreed: back to before the Covenant's fifth recruit, on both pages
  await covenant.click("#undo");
  await legion.locator('#asks [data-ask="undo"] button', { hasText: "Agree" }).click();
  await Promise.all([covenant, legion].map((p) => p.waitForFunction(() => document.getElementById("table").dataset.actions === "4")));
  assert.equal(await covenant.textContent("#turn"), "Your decision.");
  for (const p of [covenant, legion]) assert.equal(await p.locator("#asks p").count(), 0);
  noPageErrors();
});

test("handing a seat to an AI is asked of its player: he refuses, then agrees", { timeout: SPEC_MS }, async () => {
  const { pages } = await seatedTable("invaders", ["human", "human"]);
  const [invader, mankind] = pages;
  const offer = () => invader.locator("#presence li").nth(1).locator("button").click();
  await offer();
  await mankind.waitForSelector('#asks [data-ask="hand1"] button');
  assert.equal(await askText(mankind, "hand1"), "invader would hand mankind to an AI (ismcts:ms=300).");
  await invader.waitForSelector('#asks [data-ask="hand1"]');
  assert.equal(await askText(invader, "hand1"),
               "invader would hand mankind to an AI (ismcts:ms=300): waiting for mankind.");
  await mankind.screenshot({ path: `${ART}/hand-over-asked.png`, fullPage: true });
  await mankind.locator('#asks [data-ask="hand1"] button', { hasText: "Refuse" }).click();
  await invader.waitForFunction(() => document.querySelector('#asks [data-ask="hand1"] span').textContent.includes("refused"));
  assert.equal(await askText(invader, "hand1"), "mankind refused to hand mankind to an AI.");
  assert.match(await invader.textContent("#presence"), /mankind(?! \(AI\))/);
  await offer();
  await mankind.locator('#asks [data-ask="hand1"] button', { hasText: "Agree" }).click();
  await invader.waitForFunction(() => document.getElementById("presence").textContent.includes("mankind (AI)"));
  for (const p of [invader, mankind]) assert.equal(await p.locator('#asks [data-ask="hand1"]').count(), 0);
  noPageErrors();
});

// Plays by clicking until `ready(page)` holds on the page that is to decide.
async function clickUntil(pages, limit, ready) {
  for (let k = 0; k < limit; k++) {
    const s = await Promise.all(pages.map(tableState));
    const i = s.findIndex((x) => x.mine);
    if (i >= 0 && s.every((x) => x.actions === s[i].actions) && (await ready(pages[i]))) return pages[i];
    await playByClicking(pages, 1);
  }
  return null;
}

// The last view frame a page received (its WebSocket, as the page saw it).
function lastFrames(page) {
  const frames = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(JSON.parse(f.payload))));
  return () => frames.filter((f) => f.type === "view").pop();
}

test("a Tannhäuser character moves by a click on the map", { timeout: SPEC_MS }, async () => {
  const { pages, watched: views } = await seatedTable("tannhauser", ["human", "human"], lastFrames);
  await pages[0].waitForSelector("svg.map g[data-circle]");
  const page = await clickUntil(pages, 80, (p) => p.locator("svg.map g.target").count());
  assert.ok(page, "no move was offered on the map");
  const before = (await tableState(page)).actions;
  const target = page.locator("svg.map g.target").first();
  const circle = await target.getAttribute("data-circle");
  await target.click();
  await waitActions(page, before + 1);
  const f = views[pages.indexOf(page)]();
  assert.equal(f.actions, before + 1);
  const mover = f.view.units.find((u) => u.id === f.view.cycle.unit);
  assert.equal(mover.circle, circle, `${mover.id} moved to ${circle}`);
  const unit = page.locator(`svg.map g.unit[data-unit="${mover.id}"]`);
  assert.equal(await unit.count(), 1);
  // hovering a character says who it is now, then what it is (the server's `describe`)
  await unit.hover();
  await page.waitForFunction((id) => /TAN-[0-9]/.test(
    document.querySelector(`svg.map g.unit[data-unit="${id}"] > title`).textContent), mover.id);
  const [note, named] = (await unit.locator("title").textContent()).split("\n");
  assert.equal(note, `${mover.name} (${f.view.players[mover.seat].name}), wounds ${mover.wounds}`);
  assert.ok(named.startsWith(`${mover.name} (`), named);
  // and one off the map, in its chip
  const off = page.locator(".board.tannhauser .chip[data-card]").first();
  await off.hover();
  await page.waitForFunction(() => / \([a-z_]+\)\n.*TAN-[0-9]/s.test(
    document.querySelector(".board.tannhauser .chip[data-card]").title));
  await page.locator("#board").screenshot({ path: `${ART}/board-tannhauser.png` });
  noPageErrors();
});

for (const [game, n] of [["braunau", 3], ["xfiles", 2]]) {
  test(`the ${game} board shows the table`, { timeout: SPEC_MS }, async () => {
    const { pages } = await seatedTable(game, Array(n).fill("human"));
    await playByClicking(pages, 10);
    await pages[0].waitForSelector(`#board:not([hidden]) .board.${game}`);
    if (game === "xfiles") { // a notebook line reads as a sentence, in both of the view's forms
      const lines = await pages[0].evaluate(() => [
        xfilesNote({ asker: "p0", asked: "p1", questions: ["MOTIVE Revenge no", "AFFILIATION Government yes"],
                     wrong: ["XF03"] }),
        xfilesNote({ asker: "p1", asked: "p2", questions: ["MOTIVE"], wrong_count: 0 }),
      ]);
      assert.deepEqual(lines, ["p0 asked p1: MOTIVE Revenge no; AFFILIATION Government yes; wrong guesses: XF03",
                               "p1 asked p2: MOTIVE"]);
    }
    await pages[0].locator("#board").screenshot({ path: `${ART}/board-${game}.png` });
    noPageErrors();
  });
}


test("the INWO board draws each power structure and the person's hand", { timeout: SPEC_MS }, async () => {
  const { pages, watched } = await seatedTable("inwo", ["human", "easy", "easy"], lastFrames);
  const [page] = pages;
  const view = watched[0];
  await page.waitForSelector(".board.inwo svg.structure .node");
  assert.equal(await page.locator(".board.inwo svg.structure").count(), 3);
  // INWO-2.11.1: each structure starts as its Illuminati at (0,0)
  const f = view();
  const mine = f.view.seats[0];
  assert.deepEqual(await page.locator('[data-seat="A"] .node').evaluateAll((ns) => ns.map((n) => n.dataset.node)),
                   mine.structure.map((n) => n.card));
  // INWO-2.4.1: an Illuminati's four control arrows
  assert.equal(await page.locator('[data-seat="A"] .node').first().locator("polygon.out").count(), 4);
  // his hand by name; the rivals' by their backs only
  assert.equal(await page.locator('[data-seat="A"] .chip.known').count(), mine.hand.length);
  assert.equal(await page.locator('[data-seat="B"] .chip.known').count(), 0);
  assert.match(await page.textContent('[data-seat="B"]'), /3 × plot/);
  // a click on a card of a structure puts its instance in the action box
  await page.fill("#act-text", "attack");
  await page.locator('[data-seat="B"] .node').first().click();
  assert.equal(await page.inputValue("#act-text"), `attack ${f.view.seats[1].structure[0].card}`);
  // hovering a card says what it does (the server's `describe`)
  const ill = page.locator('[data-seat="A"] .node').first();
  await ill.hover();
  await page.waitForFunction(() => document.querySelector('[data-seat="A"] .node > title'));
  assert.match(await ill.locator("title").textContent(), /INWO-2/);
  // a legal action, clicked, is accepted (INWO-3: each player leads a group)
  await page.waitForFunction(() => document.getElementById("turn").textContent === "Your decision.");
  const before = (await tableState(page)).actions;
  const button = page.locator("#actions button").first();
  const text = await button.textContent();
  assert.match(text, /^lead A:G[0-9]+#1$/);
  await button.click();
  await waitActions(page, before + 1);
  assert.equal(await page.isVisible("#error"), false);
  // INWO-2.11.4: every group's incoming arrow points at the card it hangs from,
  // some turns on (placements on side arrows turn cards)
  await playByClicking(pages, 25);
  await page.waitForFunction(() => [...document.querySelectorAll(".board.inwo svg.structure")]
    .every((s) => s.querySelectorAll(".node").length >= 2));
  const wrong = await page.evaluate(() => {
    const bad = [];
    for (const s of document.querySelectorAll(".board.inwo svg.structure")) {
      const centre = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
      const nodes = [...s.querySelectorAll(".node")].map((g) => ({ g, c: centre(g.querySelector("rect")) }));
      for (const { g, c } of nodes) {
        const arrow = g.querySelector("polygon.in");
        if (!arrow) continue;
        const a = centre(arrow), d = [a[0] - c[0], a[1] - c[1]];
        const step = Math.hypot(...d) * 2.5; // from a card's centre past its edge into the next cell
        const at = [c[0] + (d[0] / Math.hypot(...d)) * step, c[1] + (d[1] / Math.hypot(...d)) * step];
        const master = nodes.find((n) => n.g !== g && Math.hypot(n.c[0] - at[0], n.c[1] - at[1]) < step / 2);
        if (!master) bad.push(g.dataset.node);
      }
    }
    return bad;
  });
  assert.deepEqual(wrong, []);
  await page.locator("#board").screenshot({ path: `${ART}/board-inwo.png` });
  noPageErrors();
});

test("an INWO spectator's page and frames hold no hidden card", { timeout: SPEC_MS }, async () => {
  await spectatorSeesNoHiddenCard("inwo", { seed: 5, nseats: 3, params: "players=3",
                                            ids: /[A-F]:[A-Z]+[0-9]+#[0-9]+/g, clicks: 12 });
});

// Types each text in turn into the page of the seat that is to decide.
async function typeInTurn(pages, texts) {
  for (const text of texts) {
    let s = [], i = -1;
    while (i < 0) {
      s = await Promise.all(pages.map(tableState));
      i = s.findIndex((x) => x.mine);
      if (i >= 0 && !s.every((x) => x.actions === s[i].actions)) i = -1;
      if (i < 0) await pages[0].waitForTimeout(10);
    }
    await typeAct(pages[i], text, s[i].actions + 1);
  }
}

// "P13/10", "P5 R4": what a structure card must show of the view's values
const inwoValues = (n) => `P${n.power}${n.global ? "/" + n.global : ""}${/^[A-F]:I/.test(n.card) ? "" : " R" + n.res}`;

test("the INWO board shows what the view holds: values, links, tokens, items", { timeout: SPEC_MS }, async () => {
  const lobby = await newPage();
  const { seats } = await createSeeded(lobby, "inwo", 5, 2, "players=2");
  const pages = [await newPage(), await newPage()];
  const frames = pages.map(lastFrames);
  await Promise.all(pages.map((p, i) => p.goto(seats[i])));
  await Promise.all(pages.map((p) => waitActions(p, 0)));
  const [a, b] = pages;
  await typeInTurn(pages, ["lead A:G01#1", "lead B:G04#1", "pass", "pass", "draw", "done", "draw", "done"]);
  // step 3: the Resource in A's hand is in one listed action; a click on it takes it over (INWO-5.3)
  const resource = '[data-seat="A"] .chip.target[data-instance="A:R08#1"]';
  await a.waitForSelector(resource);
  const before = (await tableState(a)).actions;
  await a.click(resource);
  await waitActions(a, before + 1);
  assert.equal(await a.isVisible("#error"), false);
  // an attack on the group A puts up from his hand, his Illuminati's privilege attached
  await typeInTurn(pages, ["attack A:G01#1", "target A:G11#1", "privilege A:I01#1"]);
  const end = (await tableState(a)).actions;
  await waitActions(b, end);
  for (const [k, page] of pages.entries()) {
    await page.waitForSelector('.board.inwo .pending li[data-item="2"]');
    const v = frames[k]().view;
    assert.equal(frames[k]().actions, end);
    // every structure card shows its effective values, as the view has them (INWO-2.14)
    for (const seat of v.seats)
      for (const n of seat.structure) {
        assert.equal(await page.textContent(`[data-node="${n.card}"] text.vals`), inwoValues(n), n.card);
        assert.equal(await page.locator(`[data-node="${n.card}"] circle.token`).count(), n.tokens, n.card);
      }
    const lodge = v.seats[0].structure[0];
    assert.equal(lodge.card, "A:I01#1");
    assert.equal(await page.textContent('[data-node="A:I01#1"] text.vals'), "P13/10"); // printed 10/10
    assert.deepEqual(lodge.links, [{ card: "A:R08#1", kind: "resource", permanent: false, temp_illegal: false }]);
    assert.equal(await page.textContent('[data-node="A:I01#1"] text.link'), "+ Archive of Names");
    assert.equal(await page.textContent('[data-seat="A"] .chip.resource'),
                 "Archive of Names (A:R08#1) linked to The Obsidian Lodge (A:I01#1)");
    assert.equal(await page.textContent('[data-node="A:G01#1"] text.align'), "GOV Huge");
    assert.equal(await page.textContent('[data-node="A:G01#1"] text.count'), "×1");
    // the items pending, the round open and who holds priority (INWO-4.6)
    assert.deepEqual(await page.locator(".board.inwo .pending .rounds li").allTextContents(),
                     ["round on i1: B holds priority"]);
    assert.equal(await page.locator('.pending li[data-item="1"]').evaluate((li) => li.firstChild.textContent),
                 "i1 A attack Port Vesper (A:G01#1) → General Thorn (A:G11#1): strength 5, succeeds on a roll of 5 or less");
    assert.equal(await page.textContent('.pending li[data-item="2"]'),
                 "i2 A privilege The Obsidian Lodge (A:I01#1) → General Thorn (A:G11#1)");
    assert.equal(await page.textContent(".board.inwo .pending .nwo"), "NWO: red — · blue — · yellow —");
    // the group attacked from hand, and each Basic and Special Goal (INWO-9.3.2, 2.10.6)
    assert.equal(await page.textContent('[data-seat="A"] [data-area="pending"] + .chips'),
                 "General Thorn (A:G11#1)");
    for (const seat of v.seats)
      assert.match(await page.textContent(`[data-seat="${seat.seat}"] h4`),
                   new RegExp(`Basic Goal ${seat.basic_goal[0]}/${seat.basic_goal[1]} · ` +
                              `Special Goal ${seat.special_goal[0]}/${seat.special_goal[1]} · ` +
                              `${seat.completed} turns? done`));
  }
  // a hand by name to its holder only, by backs to the others (INWO-7.1)
  assert.equal(await b.locator('[data-seat="A"] .hand .chip.known').count(), 0);
  assert.equal(await a.locator('[data-seat="A"] .hand .chip.known').count(), frames[0]().view.seats[0].hand.length);
  assert.deepEqual(frames[1]().view.seats[0].hand.filter((c) => c === "A:plot").length, 4);
  assert.equal(await b.textContent('[data-seat="A"] .hand'), "4 × plot5 × group");
  await a.locator("#board").screenshot({ path: `${ART}/board-inwo-items.png` });
  noPageErrors();
});
