// A game's page: scrub the timeline (buttons, the slider, or the arrow keys), and follow the game live
// by Server-Sent Events (the browser reconnects by itself, sending Last-Event-ID). No polling.
"use strict";
(function () {
  const main = document.getElementById("game");
  if (!main) return;
  const base = main.dataset.base;
  const words = document.getElementById("words").dataset;
  const scrub = document.getElementById("scrub");
  const live = document.getElementById("live");
  let shown = Number(main.dataset.version);
  let latest = Number(main.dataset.latest);
  let following = true; // showing the newest version: a move moves the page along
  let asked = 0; // the newest request: an older answer arriving late is dropped

  function list(items, cls) {
    const ul = document.createElement("ul");
    ul.className = cls;
    for (const item of items) {
      const li = document.createElement("li");
      li.textContent = item;
      ul.appendChild(li);
    }
    return ul;
  }

  function line(label, text, id) {
    const p = document.createElement("p");
    p.id = id;
    p.textContent = label + " " + text;
    return p;
  }

  function ended(data) {
    if (!data.over || document.getElementById("ended")) return;
    const section = document.createElement("section");
    section.id = "ended";
    const h = document.createElement("h2");
    h.textContent = words.afterEnd;
    const p = document.createElement("p");
    const a = document.createElement("a");
    a.id = "reveal";
    a.href = data.reveal;
    a.textContent = words.reveal;
    p.appendChild(a);
    const figure = document.createElement("figure");
    const img = document.createElement("img");
    img.id = "replay";
    img.src = data.replay;
    img.alt = words.replayAlt;
    const caption = document.createElement("figcaption");
    caption.textContent = words.replay;
    figure.append(img, caption);
    section.append(h, p, figure);
    document.querySelector(".side").appendChild(section);
    story(data);
  }

  function story(data) {
    // the story of the game (the chart of each seat's chance, its turning points): only once it is over
    if (!data.story || document.getElementById("story")) return;
    const section = document.createElement("section");
    section.id = "story";
    const h = document.createElement("h2");
    h.textContent = words.story;
    const figure = document.createElement("figure");
    const img = document.createElement("img");
    img.id = "chart";
    img.src = data.story;
    img.alt = words.storyAlt;
    img.width = 550;
    figure.appendChild(img);
    section.append(h, figure);
    if (data.turns.length) {
      const p = document.createElement("p");
      p.textContent = words.turning;
      const ol = document.createElement("ol");
      ol.id = "turns";
      ol.className = "turns";
      for (const turn of data.turns) {
        const li = document.createElement("li");
        li.textContent = turn;
        ol.appendChild(li);
      }
      section.append(p, ol);
    } else {
      const p = document.createElement("p");
      p.id = "turns";
      p.textContent = words.storyCalm;
      section.appendChild(p);
    }
    document.querySelector(".side").appendChild(section);
  }

  function show(data) {
    shown = data.version;
    latest = Math.max(latest, data.latest);
    main.dataset.version = String(shown);
    main.dataset.latest = String(latest);
    const board = document.getElementById("board");
    board.src = data.image;
    board.alt = data.alt;
    document.getElementById("heading").textContent = data.heading;
    scrub.max = String(latest);
    scrub.value = String(shown);
    const status = document.getElementById("status");
    status.replaceChildren(list(data.status, "status"));
    if (data.waiting.length) status.appendChild(line(words.waiting, data.waiting.join(", "), "waiting"));
    if (data.left.length) status.appendChild(line(words.left, data.left.join(" · "), "left"));
    if (data.standings.length) {
      const h = document.createElement("h2");
      h.textContent = words.standings;
      status.append(h, list(data.standings, "standings"));
    }
    const log = document.getElementById("log");
    log.replaceChildren(...data.log.map(function (text) {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
    log.scrollTop = log.scrollHeight; // the newest move in sight
    ended(data);
    live.textContent = following ? words.live : words.past;
    main.dispatchEvent(new CustomEvent("shown", { detail: shown }));
  }

  async function go(version) {
    version = Math.max(0, Math.min(latest, version));
    following = version === latest;
    const mine = ++asked;
    const answer = await fetch(base + "/v/" + version + ".json", { credentials: "omit", cache: "no-store" });
    if (!answer.ok || mine !== asked) return;
    const data = await answer.json();
    // the board is loaded before it is shown, and never cut off: a newer version waits its turn
    const board = new Image();
    board.src = data.image;
    try { await board.decode(); } catch (e) { /* shown anyway: the img element reports its own failure */ }
    if (mine !== asked) return;
    show(data);
  }

  document.getElementById("prev").addEventListener("click", function () { go(shown - 1); });
  document.getElementById("next").addEventListener("click", function () { go(shown + 1); });
  document.getElementById("latest").addEventListener("click", function () { go(latest); });
  scrub.addEventListener("input", function () { go(Number(scrub.value)); });
  document.addEventListener("keydown", function (e) {
    if (e.target === scrub || e.altKey || e.ctrlKey || e.metaKey) return; // the slider has its own keys
    if (e.key === "ArrowLeft") { go(shown - 1); e.preventDefault(); }
    else if (e.key === "ArrowRight") { go(shown + 1); e.preventDefault(); }
    else if (e.key === "End") { go(latest); e.preventDefault(); }
    else if (e.key === "Home") { go(0); e.preventDefault(); }
  });

  const events = new EventSource(base + "/events");
  events.addEventListener("version", function (e) {
    const now = JSON.parse(e.data);
    live.textContent = following ? words.live : words.past;
    if (now.version === latest && !(now.over && !document.getElementById("ended"))) return;
    latest = Math.max(latest, now.version);
    scrub.max = String(latest);
    if (following) go(latest);
  });
  events.addEventListener("error", function () { live.textContent = words.offline; });
  events.addEventListener("open", function () { live.textContent = following ? words.live : words.past; });
})();
