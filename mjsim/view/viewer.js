// mjsim game viewer: replays the embedded model's events from each hand's start and draws the table.
// Every word of the log is put on the page through esc(): it is text, never markup.
"use strict";
(function () {
  const game = JSON.parse(document.getElementById("mjsim-game").textContent);
  const $ = (id) => document.getElementById(id);
  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
  const WINDS = ["東", "南", "西", "北"], WIND_WORDS = ["East", "South", "West", "North"];
  const POSITIONS = { 4: ["bottom", "right", "top", "left"], 3: ["bottom", "right", "left"], 2: ["bottom", "top"] };
  const red = new Set(game.red || []);
  let pos = { h: 0, e: 0 }, view = "all";

  function kindOf(t) { return t >= 136 ? 34 + t - 136 : t >> 2; }
  function code(t) {
    const k = kindOf(t);
    if (k >= 34) return "f" + (k - 33);
    if (k >= 27) return (k - 26) + "z";
    return (k % 9 + 1) + "mps"[Math.floor(k / 9)];
  }
  const byTile = (a, b) => kindOf(a) - kindOf(b) || a - b;
  // One tile: its face (a symbol drawn by tiles.py), or its back; "turned" lays it sideways. At a side seat
  // (side "left" or "right") every tile is turned toward its player, and a turned one (a call) stands upright.
  function tile(t, cls, side) {
    let names = (cls || "").split(" ").filter(Boolean);
    if (side) names = names.includes("turned") ? names.filter((c) => c !== "turned") : names.concat(["turned"]);
    const classes = ["tile"].concat(names).join(" ");
    const turned = names.includes("turned");
    const turn = side === "right" ? "translate(0,30) rotate(-90)" : "translate(40,0) rotate(90)";
    const symbol = t === null ? "kback" : `k${kindOf(t)}${red.has(t) ? "r" : ""}`;
    const face = `<use href="#${symbol}" width="30" height="40"/>`;
    const named = t === null ? 'data-tile="back"' : `data-tile="${code(t)}"`;
    if (turned) {
      return `<svg class="${classes}" ${named} viewBox="0 0 40 30"><g transform="${turn}">${face}</g></svg>`;
    }
    return `<svg class="${classes}" ${named} viewBox="0 0 30 40">${face}</svg>`;
  }
  function remove(list, t) { const i = list.indexOf(t); if (i >= 0) list.splice(i, 1); }
  // the player at a seat: a family that changes seats between hands (国标's 换位) records who sat where
  const nameOf = (seat, hand) => game.names[hand && hand.players ? hand.players[seat] : seat] || "";
  const windOf = (hand, seat) => (seat - hand.dealer + game.seats) % game.seats;
  const seatWords = (hand, seat) => `${WIND_WORDS[windOf(hand, seat)]} (seat ${seat}${nameOf(seat, hand) ? ", " + nameOf(seat, hand) : ""})`;

  function start(hand) {
    const n = game.seats, none = () => Array.from({ length: n }, () => []);
    return {
      hands: none(), melds: none(), rivers: none(), flowers: none(), indicators: [], hidden: [], left: null,
      scores: hand.scores.slice(), side: JSON.parse(JSON.stringify(hand.side || {})), table: hand.table,
      gone: Array(n).fill(false), riichi: Array(n).fill(false), declared: Array(n).fill(""), shown: Array(n).fill(false),
      wins: [], ended: null, drawn: null,
    };
  }

  const APPLY = {
    deal(s, e) {
      s.hands = e.hands.map((h) => h.slice());
      if (e.flowers) s.flowers = e.flowers.map((f) => f.slice());
      if (e.left !== undefined) s.left = e.left;
    },
    draw(s, e) { s.hands[e.s].push(e.t); s.drawn = { s: e.s, t: e.t }; if (s.left !== null) s.left -= 1; },
    discard(s, e) {
      remove(s.hands[e.s], e.t);
      const drawn = s.drawn && s.drawn.s === e.s && s.drawn.t === e.t;
      s.rivers[e.s].push({ t: e.t, riichi: e.declares, tsumogiri: drawn, called: false });
      if (e.declares) s.riichi[e.s] = true;
    },
    call(s, e) {
      e.tiles.forEach((t) => remove(s.hands[e.s], t));
      const river = s.rivers[e.from];
      for (let i = river.length - 1; i >= 0; i--) if (river[i].t === e.t) { river[i].called = true; break; }
      s.melds[e.s].push({ type: e.type, tiles: e.tiles.concat([e.t]).sort(byTile), called: e.t, from: e.from });
    },
    ankan(s, e) {
      e.tiles.forEach((t) => remove(s.hands[e.s], t));
      // a face-down kan (台湾) whose tiles the log never names (it stopped before the reveal): four backs
      const tiles = e.tiles.length ? e.tiles.slice().sort(byTile) : [null, null, null, null];
      s.melds[e.s].push({ type: "ankan", tiles, faceDown: Boolean(e.face_down) });
    },
    reveal(s, e) { // the hand is over: a face-down kan is turned up, on the table and in a win's laid-out hand
      const key = e.tiles.slice().sort(byTile).join();
      const up = (melds) => melds.filter((m) => m.faceDown && m.tiles.join() === key).slice(0, 1).forEach((m) => { m.faceDown = false; m.revealed = true; });
      up(s.melds[e.s]);
      s.wins.filter((w) => w.s === e.s).forEach((w) => up(w.melds));
    },
    kakan(s, e) {
      remove(s.hands[e.s], e.t);
      const pon = s.melds[e.s].find((m) => m.type === "pon" && kindOf(m.tiles[0]) === kindOf(e.t));
      if (pon) { pon.tiles.push(e.t); pon.type = "kan"; pon.added = e.t; }
    },
    flower(s, e) { remove(s.hands[e.s], e.t); s.flowers[e.s].push(e.t); if (e.k === "flower" && e.drawn && s.left !== null) s.left -= 1; },
    indicator(s, e) { s.indicators.push(e.t); },
    transfer(s, e) {
      if (e.currency !== "points") {
        const bal = s.side[e.currency] || (s.side[e.currency] = Array(game.seats).fill(0));
        if (e.payer >= 0) bal[e.payer] -= e.amount;
        if (e.payee >= 0) bal[e.payee] += e.amount;
        return;
      }
      if (e.payer >= 0) s.scores[e.payer] -= e.amount; else s.table -= e.amount;
      if (e.payee >= 0) s.scores[e.payee] += e.amount; else s.table += e.amount;
    },
    win(s, e) {
      const held = s.hands[e.s].slice();
      s.wins.push(Object.assign({}, e, { held, melds: s.melds[e.s].map((m) => Object.assign({}, m)) }));
      s.shown[e.s] = true;
      if (e.hidden.length) s.hidden = e.hidden;
      if (e.leaves) s.gone[e.s] = true;
    },
    draw_end(s, e) { s.ended = e; (e.tenpai || []).forEach((seat) => { s.shown[seat] = true; }); },
    leave(s, e) { s.gone[e.s] = true; },
    declare(s, e) { s.declared[e.s] = e.what; },
    pass(s, e) { remove(s.hands[e.s], e.t); s.hands[e.to].push(e.t); },
    note() {},
  };

  function stateAt(h, e) {
    const hand = game.hands[h], s = start(hand);
    const shown = e === 0 ? hand.events.findIndex((x) => x.k === "deal") + 1 : e; // a hand opens on its deal
    hand.events.slice(0, shown).forEach((ev) => {
      (APPLY[ev.k] || APPLY.note)(s, ev);
      if (ev.k !== "draw") s.drawn = null; // the drawn tile is shown apart only until its seat acts
    });
    const snap = (hand.timeline || []).filter((t) => t.from <= e).pop(); // the log's state of play here
    s.live = snap ? snap.facts : {};
    if (snap) snap.left.forEach((seat) => { s.gone[seat] = true; });
    return s;
  }

  // What the page may show of a seat's concealed tiles: all in the open view, else the viewer's own and those a
  // win or a ready hand at a draw laid open.
  const open = (s, seat) => view === "all" || view === seat || s.shown[seat];

  function concealed(s, seat, side) {
    const held = s.hands[seat].slice();
    const drawn = s.drawn && s.drawn.s === seat ? s.drawn.t : null;
    if (drawn !== null) remove(held, drawn);
    held.sort(byTile);
    const see = open(s, seat);
    return held.map((t) => tile(see ? t : null, "", side)).join("") + (drawn !== null ? tile(see ? drawn : null, "drawn", side) : "");
  }

  // A called meld as it lies on the table: the called tile turned, on the side of the seat that gave it (the
  // left one's first, the right one's last, across in the middle), an added kan tile turned beside it.
  function meldOrder(m, owner) {
    if (m.called === undefined || m.from === undefined) return m.tiles;
    const rest = m.tiles.filter((t) => t !== m.called && t !== m.added);
    const giver = (m.from - owner + game.seats) % game.seats;
    const at = giver === game.seats - 1 ? 0 : giver === 1 ? rest.length : Math.floor(rest.length / 2);
    rest.splice(at, 0, ...[m.called].concat(m.added !== undefined ? [m.added] : []));
    return rest;
  }

  function meldHtml(m, hideEnds, side, owner) {
    if (m.faceDown) { // face down on the table until the hand ends: the open view and its owner see faces, marked
      const see = view === "all" || view === owner;
      return `<span class="meld ankan face-down" title="face down on the table until the hand ends">` +
        m.tiles.map((t) => tile(see ? t : null, "", side)).join("") + "</span>";
    }
    const tiles = meldOrder(m, owner).map((t, i) => {
      if (m.type === "ankan" && hideEnds && !m.revealed && (i === 0 || i === m.tiles.length - 1)) return tile(null, "", side);
      return tile(t, t === m.called || t === m.added ? "turned" : "", side);
    });
    return `<span class="meld ${esc(m.type)}">${tiles.join("")}</span>`;
  }

  function seatHtml(s, seat, hand, where) {
    const side = where === "left" || where === "right" ? where : "";
    const river = s.rivers[seat].map((r) =>
      tile(r.t, [r.riichi ? "turned riichi" : "", r.called ? "called" : "", r.tsumogiri ? "tsumogiri" : ""].join(" "), side));
    const balances = Object.entries(s.side).map(([c, v]) => `<span class="side">${esc(c)} <b>${esc(v[seat])}</b></span>`).join("");
    const wind = windOf(hand, seat);
    const badges = (s.declared[seat] ? `<span class="badge declared">${esc(s.declared[seat])}</span>` : "") +
      (s.wins.some((w) => w.s === seat) ? '<span class="badge won">won</span>' : "") +
      (s.gone[seat] ? '<span class="badge left">left</span>' : "");
    const hidden = !open(s, seat);
    const see = hidden ? "" : ` data-tiles="${s.hands[seat].slice().sort(byTile).map(code).join(" ")}"`;
    return `<section class="seat pos-${where}${s.gone[seat] ? " gone" : ""}${pos.focus === seat ? " focus" : ""}" data-seat="${seat}">` +
      `<div class="who"><span class="wind${wind === 0 ? " dealer" : ""}" title="${WIND_WORDS[wind]}">${WINDS[wind]}</span>` +
      `<span class="name">seat ${seat} · ${esc(nameOf(seat, hand))}</span>` +
      `<span class="score" data-score="${esc(s.scores[seat])}">${esc(s.scores[seat])}</span>` +
      (s.riichi[seat] ? '<span class="stick" title="riichi stick"></span>' : "") + balances + badges + "</div>" +
      `<div class="body"><div class="holdings"><div class="tiles hand${hidden ? " hidden" : ""}"${see}>${concealed(s, seat, side)}</div>` +
      `<div class="melds">${s.melds[seat].map((m) => meldHtml(m, view !== "all", side, seat)).join("")}</div>` +
      `<div class="flowers">${s.flowers[seat].map((t) => tile(t, "", side)).join("")}</div></div>` +
      `<div class="river">${river.join("")}</div></div></section>`;
  }

  function centreHtml(s, hand) {
    const facts = Object.entries(hand.start_facts || {});
    const dealerFacts = facts.length && (view === "all" || view === hand.dealer) ?
      `<div class="dealer-facts">as the hand starts: ${facts.map(([k, v]) => `${esc(k)} <b>${esc(v)}</b>`).join(" · ")}</div>` : "";
    return `<div class="centre"><div class="round">${WINDS[hand.wind]}${hand.turn}局 <small>${esc(hand.honba)}本場</small></div>` +
      `<div>${esc(hand.label)}</div>` +
      `<div class="counts">on the table <b id="table-points">${esc(s.table)}</b>` +
      (s.left !== null ? ` · tiles left <b id="tiles-left">${s.left}</b>` : "") + "</div>" +
      `<div class="indicators">indicators ${s.indicators.map((t) => tile(t)).join("")}</div>` +
      (s.hidden.length ? `<div class="indicators">under them ${s.hidden.map((t) => tile(t)).join("")}</div>` : "") +
      Object.entries(s.live).map(([k, v]) => `<span class="live">${esc(k)}: <b>${esc(v)}</b></span>`).join("") +
      dealerFacts + "</div>";
  }

  function laidOut(held, melds, win, tsumo, owner) {
    const rest = held.slice();
    if (win !== null && tsumo) remove(rest, win);
    rest.sort(byTile);
    return `<div class="laid">${rest.map((t) => tile(t)).join("")}` +
      (win !== null ? `<span class="gap"></span>${tile(win, "winning")}` : "") +
      (melds.length ? `<span class="gap"></span>${melds.map((m) => meldHtml(m, false, "", owner)).join("<span class=\"gap\"></span>")}` : "") + "</div>";
  }

  function winHtml(w, hand) {
    const rows = w.lines.map(([name, v]) => `<tr><td>${esc(name)}</td><td class="num">${esc(v)}</td></tr>`).join("");
    const detail = w.detail.map((d) => `<li>${esc(d)}</li>`).join("");
    const what = w.shared > 1 ? `paid for the ${w.shared} wins together` : "paid";
    const heads = w.paid.map((_, i) => `<th>${WINDS[windOf(hand, i)]} seat ${i}</th>`).join("");
    const pays = w.paid.map((p) => `<td class="num">${p > 0 ? "+" : ""}${esc(p)}</td>`).join("");
    const how = w.from === null ? "tsumo" : `ron on ${esc(seatWords(hand, w.from))}'s discard`;
    return `<div class="win" data-seat="${w.s}"><h3>${esc(seatWords(hand, w.s))} wins by ${how}: ${esc(w.value)}</h3>` +
      laidOut(w.held, w.melds, w.t, w.from === null, w.s) +
      `<table class="yaku">${rows}<tr class="total"><td>value</td><td class="num">${esc(w.value)}</td></tr></table>` +
      (detail ? `<ul class="detail">${detail}</ul>` : "") +
      `<table class="pay"><tr><th>${what}</th>${heads}</tr><tr><td></td>${pays}</tr></table></div>`;
  }

  function drawHtml(s, e, hand) {
    const ready = (e.tenpai || []).map((seat) =>
      `<div class="tenpai-hand" data-seat="${seat}">${esc(seatWords(hand, seat))} ready:` +
      laidOut(s.hands[seat], s.melds[seat], null, false, seat) + "</div>").join("");
    const none = e.tenpai && e.tenpai.length === 0 ? "<div>no seat was ready</div>" : "";
    return `<div class="drawn-end"><h3>drawn (${esc(e.reason)})</h3>${ready}${none}</div>`;
  }

  function adviceHtml(hand) {
    // shown as the seat decides (the hand before the action) and at the action itself
    const here = (hand.advice || []).filter((a) => (a.at === pos.e || a.at === pos.e + 1) && (view === "all" || view === a.s));
    return here.map((a) => `<div class="advice" data-seat="${a.s}"><h3>${esc(game.advisor)} would choose otherwise</h3>` +
      `${esc(seatWords(hand, a.s))} ${a.at === pos.e ? "chose" : "chooses"} <b>${esc(a.logged)}</b>; ` +
      `${esc(game.advisor)} would choose <b>${esc(a.bot)}</b>` +
      (a.why ? `<div class="why">${esc(a.why)}</div>` : "") + "</div>").join("");
  }

  function adviceSummary() {
    if (!game.advisor) return "";
    const rows = game.advice_counts.map((c, seat) =>
      `<tr><td>seat ${seat} ${esc(nameOf(seat))}</td><td class="num">${esc(c.decisions)}</td><td class="num">${esc(c.differ)}</td></tr>`).join("");
    return `<table id="advice-counts"><tr><th>${esc(game.advisor)} differs</th><th>decisions</th><th>differ</th></tr>${rows}</table>`;
  }

  function eventText(ev) {
    return view !== "all" && ev.private && ev.s !== view && !(ev.k === "pass" && ev.to === view) ? ev.private : ev.text;
  }

  function render() {
    const hand = game.hands[pos.h], s = stateAt(pos.h, pos.e), ev = hand.events[pos.e - 1];
    pos.focus = ev && ev.s !== undefined ? ev.s : null;
    $("where").textContent = `hand ${pos.h + 1}/${game.hands.length} · ${hand.label} · event ${pos.e}/${hand.events.length}`;
    $("event-text").textContent = ev ? eventText(ev) : `start of ${hand.label}`;
    const bottom = view === "all" ? 0 : view;
    const places = POSITIONS[game.seats] || POSITIONS[4];
    const seats = Array.from({ length: game.seats }, (_, i) => seatHtml(s, i, hand, places[(i - bottom + game.seats) % game.seats] || "top"));
    $("table").innerHTML = centreHtml(s, hand) + seats.join("");
    $("advice-here").innerHTML = adviceHtml(hand);
    $("wins").innerHTML = s.wins.map((w) => winHtml(w, hand)).join("") + (s.ended ? drawHtml(s, s.ended, hand) : "");
    const atEnd = pos.e === hand.events.length;
    $("final").innerHTML = atEnd && pos.h === game.hands.length - 1 ? finalHtml : ""; // no spoiler before the end
    const facts = Object.entries(hand.facts);
    $("facts").innerHTML = atEnd && facts.length ? "<h3>facts of the hand</h3><table>" +
      facts.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${esc(v)}</td></tr>`).join("") + "</table>" : "";
    const advised = new Set((hand.advice || []).filter((a) => view === "all" || view === a.s).map((a) => a.at));
    $("events").innerHTML = hand.events.map((x, i) =>
      `<li data-e="${i + 1}" class="${i + 1 === pos.e ? "current" : ""} k-${esc(x.k)}${advised.has(i + 1) ? " advised" : ""}">${i + 1}. ${esc(eventText(x))}</li>`).join("");
    const cur = $("events").querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    document.querySelectorAll("#hands li").forEach((li) => li.classList.toggle("current", +li.dataset.h === pos.h));
    $("hand-picker").value = String(pos.h);
    $("view-picker").value = String(view);
    try { history.replaceState(null, "", `#h=${pos.h + 1}&e=${pos.e}&v=${view}`); } catch (err) { /* some file:// setups refuse */ }
  }

  function go(h, e) {
    h = Math.max(0, Math.min(game.hands.length - 1, h));
    pos = { h, e: Math.max(0, Math.min(game.hands[h].events.length, e)) };
    render();
  }
  function setView(v) { view = v === "all" || v === null ? "all" : Math.max(0, Math.min(game.seats - 1, +v)); render(); }
  const step = (d) => {
    const n = game.hands[pos.h].events.length;
    if (d > 0 && pos.e === n && pos.h + 1 < game.hands.length) return go(pos.h + 1, 0);
    if (d < 0 && pos.e === 0 && pos.h > 0) return go(pos.h - 1, game.hands[pos.h - 1].events.length);
    go(pos.h, pos.e + d);
  };
  const ACTIONS = {
    next: () => step(1), prev: () => step(-1),
    "next-hand": () => go(pos.h + 1, 0), "prev-hand": () => go(pos.h - 1, 0),
    "hand-end": () => go(pos.h, game.hands[pos.h].events.length), "hand-start": () => go(pos.h, 0),
    "next-view": () => setView(view === "all" ? 0 : view + 1 < game.seats ? view + 1 : "all"),
    "all-view": () => setView("all"),
  };
  const KEYS = {
    ArrowRight: "next", ArrowLeft: "prev", ArrowDown: "next-hand", ArrowUp: "prev-hand", PageDown: "next-hand",
    PageUp: "prev-hand", End: "hand-end", Home: "hand-start", n: "next", p: "prev", v: "next-view", a: "all-view",
  };

  document.addEventListener("keydown", (ev) => {
    if (ev.target && ev.target.tagName === "SELECT") return;
    if (/^[1-4]$/.test(ev.key) && +ev.key <= game.seats) { ev.preventDefault(); setView(+ev.key - 1); return; }
    const name = KEYS[ev.key];
    if (name) { ev.preventDefault(); ACTIONS[name](); }
  });
  let touchX = null;
  $("board").addEventListener("touchstart", (ev) => { touchX = ev.changedTouches[0].clientX; }, { passive: true });
  $("board").addEventListener("touchend", (ev) => {
    if (touchX === null) return;
    const dx = ev.changedTouches[0].clientX - touchX;
    touchX = null;
    if (Math.abs(dx) > 40) step(dx < 0 ? 1 : -1);
  });
  document.querySelectorAll("button[data-go]").forEach((b) => b.addEventListener("click", () => ACTIONS[b.dataset.go]()));
  $("hands").innerHTML = game.hands.map((hd, i) =>
    `<li data-h="${i}"><b>${i + 1}.</b> ${esc(hd.label)} <span class="result">${esc(hd.result)}</span></li>`).join("");
  $("hand-picker").innerHTML = game.hands.map((hd, i) =>
    `<option value="${i}">${i + 1}. ${esc(hd.label)} — ${esc(hd.result)}</option>`).join("");
  $("view-picker").innerHTML = '<option value="all">all hands open</option>' + Array.from({ length: game.seats }, (_, i) =>
    `<option value="${i}">as seat ${i} sees it${nameOf(i) ? " (" + esc(nameOf(i)) + ")" : ""}</option>`).join("");
  $("hand-picker").addEventListener("change", (ev) => go(+ev.target.value, 0));
  $("view-picker").addEventListener("change", (ev) => setView(ev.target.value));
  $("hands").addEventListener("click", (ev) => { const li = ev.target.closest("li"); if (li) go(+li.dataset.h, 0); });
  $("events").addEventListener("click", (ev) => { const li = ev.target.closest("li"); if (li) go(pos.h, +li.dataset.e); });
  $("advice-summary").innerHTML = adviceSummary();
  const finalHtml = game.final ? "<h3>final result</h3><table id='final-table'><tr><th>seat</th><th>points</th><th>rank</th></tr>" +
    game.final.points.map((p, seat) => `<tr><td>seat ${seat} ${esc(nameOf(seat))}</td><td class="num final-points">${esc(p)}</td>` +
      `<td class="num">${esc(game.final.ranks[seat])}</td></tr>`).join("") + "</table>" : "";
  window.mjsimViewer = {
    go: (h, e) => go(h - 1, e), hands: () => game.hands.length, events: (h) => game.hands[h - 1].events.length,
    view: (v) => setView(v), seats: () => game.seats,
  };
  function readAddress() { // #h=HAND&e=EVENT&v=all|SEAT: a link opens the page at a moment, in a view
    const asked = new URLSearchParams(location.hash.slice(1));
    if (asked.has("v")) view = asked.get("v") === "all" ? "all" : Math.max(0, Math.min(game.seats - 1, +asked.get("v") || 0));
    go(asked.has("h") ? +asked.get("h") - 1 || 0 : 0, asked.has("e") ? +asked.get("e") || 0 : 0);
  }
  window.addEventListener("hashchange", readAddress);
  readAddress();
})();
