// mjsim game viewer: replays the embedded model's events from each hand's start and draws the table.
"use strict";
(function () {
  const game = JSON.parse(document.getElementById("mjsim-game").textContent);
  const $ = (id) => document.getElementById(id);
  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]); // the log's words are text, never markup
  let pos = { h: 0, e: 0 };

  function kindOf(t) { return t >= 136 ? 34 + t - 136 : t >> 2; }
  function code(t) {
    const k = kindOf(t);
    if (k >= 34) return "f" + (k - 33);
    if (k >= 27) return (k - 26) + "z";
    return (k % 9 + 1) + "mps"[Math.floor(k / 9)];
  }
  function tile(t, cls) {
    const red = game.red && game.red.includes(t) ? " red" : "";
    const classes = `tile${red}${cls ? " " + cls : ""}`;
    const face = `<use href="#k${kindOf(t)}" width="30" height="40"/>`;
    if (cls && cls.includes("sideways")) { // laid sideways: a 40x30 box, the face turned a quarter
      return `<svg class="${classes}" data-tile="${code(t)}" viewBox="0 0 40 30">` +
        `<g transform="translate(40,0) rotate(90)">${face}</g></svg>`;
    }
    return `<svg class="${classes}" data-tile="${code(t)}" viewBox="0 0 30 40">${face}</svg>`;
  }
  function remove(list, t) { const i = list.indexOf(t); if (i >= 0) list.splice(i, 1); }

  function start(hand) {
    const n = game.seats, none = () => Array.from({ length: n }, () => []);
    return {
      hands: none(), melds: none(), rivers: none(), flowers: none(), indicators: [], hidden: [],
      scores: hand.scores.slice(), side: JSON.parse(JSON.stringify(hand.side || {})), table: hand.table,
      left: Array(n).fill(false), declared: Array(n).fill(""), wins: [], ended: "", drawn: null,
    };
  }

  const APPLY = {
    deal(s, e) { s.hands = e.hands.map((h) => h.slice()); },
    draw(s, e) { s.hands[e.s].push(e.t); s.drawn = { s: e.s, t: e.t }; },
    discard(s, e) {
      remove(s.hands[e.s], e.t);
      const drawn = s.drawn && s.drawn.s === e.s && s.drawn.t === e.t;
      s.rivers[e.s].push({ t: e.t, riichi: e.riichi, tsumogiri: drawn, called: false });
    },
    call(s, e) {
      e.tiles.forEach((t) => remove(s.hands[e.s], t));
      const river = s.rivers[e.from];
      for (let i = river.length - 1; i >= 0; i--) if (river[i].t === e.t) { river[i].called = true; break; }
      s.melds[e.s].push({ type: e.type, tiles: e.tiles.concat([e.t]).sort((a, b) => a - b), called: e.t });
    },
    ankan(s, e) { e.tiles.forEach((t) => remove(s.hands[e.s], t)); s.melds[e.s].push({ type: "ankan", tiles: e.tiles.slice() }); },
    kakan(s, e) {
      remove(s.hands[e.s], e.t);
      const pon = s.melds[e.s].find((m) => m.type === "pon" && kindOf(m.tiles[0]) === kindOf(e.t));
      if (pon) { pon.tiles.push(e.t); pon.type = "kan"; }
    },
    flower(s, e) { remove(s.hands[e.s], e.t); s.flowers[e.s].push(e.t); },
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
    win(s, e) { s.wins.push(e); if (e.hidden.length) s.hidden = e.hidden; if (e.leaves) s.left[e.s] = true; },
    draw_end(s, e) { s.ended = e.text; },
    leave(s, e) { s.left[e.s] = true; },
    declare(s, e) { s.declared[e.s] = e.what; },
    pass(s, e) { remove(s.hands[e.s], e.t); s.hands[e.to].push(e.t); },
    note() {},
  };

  function stateAt(h, e) {
    const hand = game.hands[h], s = start(hand);
    hand.events.slice(0, e).forEach((ev) => {
      (APPLY[ev.k] || APPLY.note)(s, ev);
      if (ev.k !== "draw") s.drawn = null; // the drawn tile is shown apart only until its seat acts
    });
    const snap = (hand.timeline || []).filter((t) => t.from <= e).pop(); // the log's state of play here
    s.live = snap ? snap.facts : {};
    if (snap) snap.left.forEach((seat) => { s.left[seat] = true; });
    return s;
  }

  function concealed(s, seat) {
    const held = s.hands[seat].slice();
    const drawn = s.drawn && s.drawn.s === seat ? s.drawn.t : null;
    if (drawn !== null) remove(held, drawn);
    held.sort((a, b) => a - b);
    return held.map((t) => tile(t)).join("") + (drawn !== null ? `<span class="gap"></span>${tile(drawn, "drawn")}` : "");
  }

  function meldHtml(m) {
    return `<span class="meld ${m.type}">` + m.tiles.map((t) => tile(t, t === m.called ? "sideways" : "")).join("") + "</span>";
  }

  function seatHtml(s, seat, hand) {
    const river = s.rivers[seat].map((r) =>
      tile(r.t, [r.riichi ? "sideways riichi" : "", r.called ? "called" : "", r.tsumogiri ? "tsumogiri" : ""].join(" ").trim()));
    const side = Object.entries(s.side).map(([c, v]) => `<span class="side">${esc(c)} <b>${v[seat]}</b></span>`).join("");
    const dealer = seat === hand.dealer ? '<span class="badge dealer">dealer</span>' : "";
    const won = s.wins.some((w) => w.s === seat) ? '<span class="badge won">won</span>' : "";
    const left = s.left[seat] ? '<span class="badge left">left</span>' : "";
    const declared = s.declared[seat] ? `<span class="badge declared">${esc(s.declared[seat])}</span>` : "";
    return `<section class="seat${s.left[seat] ? " gone" : ""}${pos.focus === seat ? " focus" : ""}" data-seat="${seat}">` +
      `<div class="who">${dealer}<span class="name">seat ${seat} · ${esc(game.names[seat] || "")}</span>` +
      ` <span class="score" data-score="${s.scores[seat]}">${s.scores[seat]}</span>${side}${declared}${won}${left}</div>` +
      `<div class="row"><div class="hand" data-tiles="${s.hands[seat].slice().sort((a, b) => a - b).map(code).join(" ")}">${concealed(s, seat)}</div>` +
      `<div class="melds">${s.melds[seat].map(meldHtml).join("")}</div>` +
      `<div class="flowers">${s.flowers[seat].map((t) => tile(t)).join("")}</div></div>` +
      `<div class="river">${river.join("")}</div>` +
      (seat === hand.dealer ? dealerFacts(hand) : "") + "</section>";
  }

  function dealerFacts(hand) { // what the variants show of the hand as it starts (地雷: the set told to the dealer)
    const facts = Object.entries(hand.start_facts || {});
    return facts.length ? `<div class="dealer-facts">${facts.map(([k, v]) => `${esc(k)}: <b>${esc(v)}</b>`).join(" · ")}</div>` : "";
  }

  function winHtml(w) {
    const rows = w.lines.map(([name, v]) => `<tr><td>${esc(name)}</td><td class="num">${esc(v)}</td></tr>`).join("");
    const detail = w.detail.map((d) => `<li>${esc(d)}</li>`).join("");
    const pays = w.paid.map((p) => `<td class="num">${p > 0 ? "+" : ""}${p}</td>`).join("");
    const what = w.shared > 1 ? `paid for the ${w.shared} wins together` : "paid";
    return `<div class="win" data-seat="${w.s}"><h3>${esc(w.text)}</h3><table class="yaku">${rows}` +
      `<tr class="total"><td>value</td><td class="num">${esc(w.value)}</td></tr></table>` +
      (detail ? `<ul class="detail">${detail}</ul>` : "") +
      `<table class="pay"><tr><th>${what}</th>${w.paid.map((_, i) => `<th>seat ${i}</th>`).join("")}</tr>` +
      `<tr><td></td>${pays}</tr></table></div>`;
  }

  function render() {
    const hand = game.hands[pos.h], s = stateAt(pos.h, pos.e), ev = hand.events[pos.e - 1];
    pos.focus = ev && ev.s !== undefined ? ev.s : null;
    $("where").textContent = `hand ${pos.h + 1}/${game.hands.length} · ${hand.label} · event ${pos.e}/${hand.events.length}`;
    $("event-text").textContent = ev ? ev.text : `start of ${hand.label}`;
    $("table-info").innerHTML = `<span>dealer seat ${hand.dealer}</span> <span>honba ${esc(hand.honba)}</span>` +
      ` <span>on the table <b id="table-points">${esc(s.table)}</b></span>` +
      ` <span class="indicators">indicators ${s.indicators.map((t) => tile(t)).join("")}</span>` +
      (s.hidden.length ? ` <span class="indicators">under them ${s.hidden.map((t) => tile(t)).join("")}</span>` : "") +
      Object.entries(s.live).map(([k, v]) => ` <span class="live">${esc(k)}: <b>${esc(v)}</b></span>`).join("");
    $("seats").innerHTML = Array.from({ length: game.seats }, (_, i) => seatHtml(s, i, hand)).join("");
    $("wins").innerHTML = s.wins.map(winHtml).join("") + (s.ended ? `<div class="drawn-end">${esc(s.ended)}</div>` : "");
    const atEnd = pos.e === hand.events.length;
    const factTable = (title, facts) => facts.length ?
      `<h3>${title}</h3><table>` + facts.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${esc(v)}</td></tr>`).join("") + "</table>" : "";
    $("facts").innerHTML = atEnd ? factTable("facts of the hand", Object.entries(hand.facts)) : "";
    $("events").innerHTML = hand.events.map((x, i) =>
      `<li data-e="${i + 1}" class="${i + 1 === pos.e ? "current" : ""} k-${esc(x.k)}">${i + 1}. ${esc(x.text)}</li>`).join("");
    const cur = $("events").querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    document.querySelectorAll("#hands li").forEach((li) => li.classList.toggle("current", +li.dataset.h === pos.h));
    try { history.replaceState(null, "", `#h=${pos.h + 1}&e=${pos.e}`); } catch (err) { /* some file:// setups refuse */ }
  }

  function go(h, e) {
    h = Math.max(0, Math.min(game.hands.length - 1, h));
    pos = { h, e: Math.max(0, Math.min(game.hands[h].events.length, e)) };
    render();
  }
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
  };
  const KEYS = {
    ArrowRight: "next", ArrowLeft: "prev", ArrowDown: "next-hand", ArrowUp: "prev-hand",
    PageDown: "next-hand", PageUp: "prev-hand", End: "hand-end", Home: "hand-start", n: "next", p: "prev",
  };

  document.addEventListener("keydown", (ev) => {
    const name = KEYS[ev.key];
    if (name) { ev.preventDefault(); ACTIONS[name](); }
  });
  document.querySelectorAll("button[data-go]").forEach((b) => b.addEventListener("click", () => ACTIONS[b.dataset.go]()));
  $("hands").innerHTML = game.hands.map((hd, i) =>
    `<li data-h="${i}"><b>${i + 1}.</b> ${esc(hd.label)} <span class="result">${esc(hd.result)}</span></li>`).join("");
  $("hands").addEventListener("click", (ev) => { const li = ev.target.closest("li"); if (li) go(+li.dataset.h, 0); });
  $("events").addEventListener("click", (ev) => { const li = ev.target.closest("li"); if (li) go(pos.h, +li.dataset.e); });
  const m = /h=(\d+)&e=(\d+)/.exec(location.hash);
  window.mjsimViewer = { go: (h, e) => go(h - 1, e), hands: () => game.hands.length, events: (h) => game.hands[h - 1].events.length };
  if (m) go(+m[1] - 1, +m[2]); else go(0, 0);
})();
