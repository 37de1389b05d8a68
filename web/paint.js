// The board at first sight: the game is on screen before the page's Python starts, and
// the board takes clicks, taps and keys at once.
//
// The built index.html holds, after the game's own (hidden) <main id="game">, a painted
// copy of it, <main id="painted-game">: the first view of a first visit, drawn at build
// time by the page's own Python views (tools/paint_page.py). A classic script in <head>;
// the page calls tablutPaint.settle() right after the copy, before anything is painted:
//
// - a first visit (no saved game) shows the painted start position as it is;
// - a return shows the game as the page left it: when the page is hidden (pagehide,
//   or a tab put in the background), the game's elements are kept in localStorage
//   under KEPT, with the build and the saved game they belong to, and the copy is made
//   of them. A kept view of another build, of another saved game (another tab played
//   on), unreadable, or a link to another game is never shown: the loading screen is;
// - the page's Python draws its own game in the hidden <main id="game">, as it always
//   has, then shows it in the copy's place in one step (web/main.py): the copy holds the
//   same elements (its ids repeat the game's, and come after them, so that the game's are
//   the ones found by id), so nothing moves.
//
// Until Python takes the board (tablutPaint.take()), presses and keys on it are kept in
// order: a press and a release on one square is a click, on two squares a drag; Enter
// or Space acts on the focused square, Escape puts a piece back; the arrow keys move the
// focus. Python plays them when it takes over, as if they came then.
// `document.body.dataset.painted` says what was shown: "start", "kept" or "none".
(function () {
  "use strict";

  var STATE = "tablut.state";  // web/models/state.py's STORAGE_KEY
  var KEPT = "tablut.painted";
  var COPY = "painted-game";  // the painted copy (tools/paint_page.py's PAINTED)
  // What paints a shared link's game (web/page/paint_kit.py's KIT and WORDS).
  var KIT = "paint-kit";
  var WORDS = "paint-words";
  // The page's languages (web/words/catalogue.py's LANGUAGES): English is index.html,
  // every other the page index.<code>.html beside it (tools/catalogues.py's page_name).
  var LANGUAGES = ["en", "da", "de", "es", "fr", "it", "nb", "fi", "sv"];
  // Keys the painted board answers; the rest are left to the page.
  var MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

  var taken = false;
  var savedKey = null; // the game the page's Python last saved, as gameKey() has it
  var actions = [];   // square names and "escape", in order
  var pressed = null; // the square a press started on

  function build() {
    var meta = document.querySelector('meta[name="tablut-build"]');
    return meta ? meta.content : null;
  }

  function storage() {
    try {
      return window.localStorage;
    } catch (error) {
      return null; // storage disabled: Python starts a new game, as painted
    }
  }

  // The saved game, without what changes while nobody moves (the clocks' time left): a
  // kept view belongs to it when this is the same. FNV-1a over the text.
  function gameKey(text) {
    var data;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return null;
    }
    if (!data || typeof data !== "object") return null;
    data.clocks = data.clocks ? 1 : 0;
    var json = JSON.stringify(data);
    var hash = 0x811c9dc5;
    for (var i = 0; i < json.length; i++) {
      hash ^= json.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return json.length + ":" + hash.toString(16);
  }

  // A link to a game in the address (web/records: "#v=1&rules=...").
  function gameLink() {
    return /^#(.*&)?v=/.test(location.hash);
  }

  // The language the page should be in: the one chosen in Settings (saved with them),
  // else the first of the browser's that the page speaks ("nb" for any Norwegian), else
  // English.
  function wantedLanguage(state) {
    try {
      var chosen = JSON.parse(state).settings.language;
      if (LANGUAGES.indexOf(chosen) >= 0) return chosen;
    } catch (error) {
      // no saved settings, or unreadable ones: the browser's languages
    }
    var asked = navigator.languages && navigator.languages.length ? navigator.languages
      : [navigator.language || ""];
    for (var i = 0; i < asked.length; i++) {
      var code = String(asked[i]).toLowerCase().split("-")[0];
      if (code === "no" || code === "nn") code = "nb";
      if (LANGUAGES.indexOf(code) >= 0) return code;
    }
    return "en";
  }

  // Before anything is drawn: a page in another language than the player's moves to
  // theirs, with the same link. A page in no language of the list (the tests'
  // pseudo-language) stays.
  function moveToLanguage() {
    var here = document.documentElement.lang;
    if (LANGUAGES.indexOf(here) < 0) return false;
    var wanted = wantedLanguage(storedState());
    if (wanted === here) return false;
    var page = wanted === "en" ? "./" : "./index." + wanted + ".html";
    location.replace(page + location.search + location.hash);
    return true;
  }

  function storedState() {
    try {
      var store = storage();
      return store && store.getItem(STATE);
    } catch (error) {
      return null;
    }
  }

  // How the person came, as web/start.js tells it (it runs before settle(), in <head>):
  // the first visit's reload through the service worker, and a loading page's move to a
  // new version, count as the navigation before them.
  function navigation() {
    if (typeof window.tablutNavigation === "string") return window.tablutNavigation;
    var entry = performance.getEntriesByType("navigation")[0];
    return entry ? entry.type : "navigate";
  }

  // The kept markup, made inert: parsed in a template (nothing runs, nothing loads), with
  // anything that could run taken out; the page made it, but storage is shared.
  function inert(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var content = template.content;
    content.querySelectorAll("script, iframe, object, embed, link, style, img, image")
      .forEach(function (node) { node.remove(); });
    content.querySelectorAll("*").forEach(function (node) {
      Array.prototype.slice.call(node.attributes).forEach(function (attribute) {
        if (/^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value)) {
          node.removeAttribute(attribute.name);
        }
      });
    });
    return content;
  }

  function showLoading(copy, loading) {
    copy.remove();
    loading.hidden = false;
    document.body.dataset.painted = "none";
  }

  function painted() {
    return document.getElementById(COPY);
  }

  // Right after the painted copy: which view the first paint shows.
  function settle() {
    var copy = painted();
    var loading = document.getElementById("loading");
    var current = build();
    if (!copy || !loading || !current) return; // a page not built: the loading screen
    var store = storage();
    var state = null;
    var kept = null;
    try {
      state = store && store.getItem(STATE);
      kept = store && JSON.parse(store.getItem(KEPT) || "null");
    } catch (error) {
      kept = null;
    }
    var link = gameLink() && navigation() !== "reload";
    var built = kept && typeof kept === "object" && kept.build === current &&
      typeof kept.html === "string";
    var how = "start";
    if (state !== null || link) {
      how = "none";
      if (built && kept.key === gameKey(state) && (!link || kept.address === location.hash)) {
        copy.replaceChildren(inert(kept.html));
        how = "kept";
      } else if (link && paintLink(copy, built ? inert(kept.html) : null, state === null)) {
        // A link to another game: its position, on the view the page left (else the
        // first visit's), since the settings and panels are the player's.
        how = "link";
      }
    }
    if (how === "none") return showLoading(copy, loading);
    // Shown only now: the copy is hidden in the page as built, so that a browser that
    // paints the page while it is still parsing never shows it unsettled.
    copy.hidden = false;
    document.body.dataset.painted = how;
    if (how === "link") scrollList(copy.querySelector("#move-list [aria-current]"));
  }

  // -- a shared link's game -----------------------------------------------------------
  //
  // A link carries its game as moves, which only the engine can play, and the position
  // they reach, packed ("at", tablut/links.py's pack_position). What is drawn comes from
  // the kit the build made with the page's own views and words (web/page/paint_kit.py):
  // the board of the link's rule set, a piece of each kind to copy, each square's and
  // move's name; this only puts them together as web/board/view.py, web/page/moves.py
  // and web/page/panels.py do (tests/e2e/test_first_sight.py checks that Python then
  // draws the same). The status says the game is starting: only the engine knows
  // whether the game is over.

  var FILES = "abcdefghijk";
  var PACKED = [null, "black", "white", "king"];

  function squareName(sq, size) {
    return FILES.charAt(sq % size) + (Math.floor(sq / size) + 1);
  }

  // The kinds on each square and the side to move of a packed position; null if it is
  // not one of a board of `size`.
  function unpack(text, size) {
    if (!/^[bw][A-Za-z0-9_-]+$/.test(text)) return null;
    var bytes;
    try {
      bytes = atob(text.slice(1).replace(/-/g, "+").replace(/_/g, "/"));
    } catch (error) {
      return null;
    }
    var count = size * size;
    if (bytes.length !== Math.ceil(count / 4)) return null;
    var kinds = [];
    for (var sq = 0; sq < count; sq++) {
      kinds.push(PACKED[(bytes.charCodeAt(sq >> 2) >> (2 * (sq % 4))) & 3]);
    }
    return { kinds: kinds, side: text.charAt(0) === "b" ? "black" : "white" };
  }

  // The pieces a start position holds, by colour (the king counted as white): the link's
  // own start, else its rule set's (`counts`).
  function startCounts(start, counts) {
    if (start === null) return counts;
    var text = start.split(" ")[0];
    return { black: (text.match(/B/g) || []).length, white: (text.match(/[WK]/g) || []).length };
  }

  // A move of a link ("i6-g", "a10-4") as the list writes it, both squares whole.
  function wholeMove(text) {
    var found = /^([a-k])(\d{1,2})-(?:([a-k])|(\d{1,2}))$/.exec(text);
    if (!found) return null;
    return [found[1] + found[2], found[3] ? found[3] + found[2] : found[1] + found[4]];
  }

  function fill(pattern, values) {
    return pattern.replace(/\{(\w+)\}/g, function (whole, name) {
      return name in values ? values[name] : whole;
    });
  }

  function svgElement(tag, attributes) {
    var node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    Object.keys(attributes).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    return node;
  }

  // The link's fields, or null when its moves, its position or its rules cannot be
  // painted (an older link without its position, say): the loading screen then.
  function linkGame(words) {
    var fields = new URLSearchParams(location.hash.slice(1));
    var rules = fields.get("rules") || "berkeley";
    var info = words.rules[rules];
    if (!info || !Object.prototype.hasOwnProperty.call(words.rules, rules)) return null;
    var moves = (fields.get("moves") || "").split(".").filter(Boolean).map(wholeMove);
    if (moves.some(function (move) { return move === null; })) return null;
    var plyText = fields.get("ply");
    var ply = moves.length;
    if (plyText !== null) {
      if (!/^\d{1,4}$/.test(plyText) || Number(plyText) > moves.length) return null;
      ply = Number(plyText);
    }
    var start = fields.get("start");
    if (start !== null && !/^[-BWK/]+ [bw]$/.test(start)) return null;
    // A link from before links carried their position has none: not painted.
    var position = unpack(fields.get("at") || "", info.size);
    if (position === null) return null;
    return { rules: rules, info: info, moves: moves, ply: ply, position: position,
             first: start === null ? info.first : (start.slice(-1) === "b" ? "black" : "white"),
             start: startCounts(start, info.pieces) };
  }

  function paintBoard(view, kit, words, game) {
    var source = kit.querySelector('svg[data-rules="' + game.rules + '"]');
    var holder = view.querySelector("#board");
    if (!source || !holder) return false;
    var board = source.cloneNode(true);
    var size = game.info.size;
    var rects = {};
    board.querySelectorAll("rect[data-square]").forEach(function (rect) {
      rects[rect.getAttribute("data-square")] = rect;
    });
    var layer = board.querySelector("g.pieces");
    var models = {};
    layer.querySelectorAll("[data-piece]").forEach(function (piece) {
      models[piece.getAttribute("data-piece")] = piece;
    });
    layer.replaceChildren();
    var counts = { black: 0, white: 0, king: false };
    game.position.kinds.forEach(function (kind, sq) {
      var name = squareName(sq, size);
      var rect = rects[name];
      var camp = rect.classList.contains("camp-square") ? "camp" : "plain";
      rect.setAttribute("aria-label", fill(words.square[camp][kind || ""], { square: name }));
      if (!kind) return;
      counts[kind === "black" ? "black" : "white"] += 1;
      if (kind === "king") counts.king = true;
      var model = models[kind];
      var from = rects[model.getAttribute("data-square")];
      var piece = model.cloneNode(true);
      piece.setAttribute("data-square", name);
      // The model's drawing, moved from its square to this one.
      piece.setAttribute("transform", "translate(" +
        (Number(rect.getAttribute("x")) - Number(from.getAttribute("x"))) + " " +
        (Number(rect.getAttribute("y")) - Number(from.getAttribute("y"))) + ")");
      layer.appendChild(piece);
    });
    if (game.ply) {
      var last = game.moves[game.ply - 1];
      var overlay = board.querySelector("g.overlay");
      ["last-from", "last-to"].forEach(function (mark, index) {
        var rect = rects[last[index]];
        if (!rect) return;
        rect.classList.add(mark);
        // As web/board/view.py frames the last move's squares.
        overlay.appendChild(svgElement("rect", {
          x: Number(rect.getAttribute("x")) + 0.7, y: Number(rect.getAttribute("y")) + 0.7,
          width: 8.6, height: 8.6, class: "last-mark", "aria-hidden": "true" }));
      });
    }
    holder.replaceChildren(board);
    game.counts = counts;
    return true;
  }

  // The move list, as web/page/moves.py writes it: a numbered row for each move of the
  // side that moves first and the reply, the move shown marked, scrolled into view.
  function paintMoves(view, words, game) {
    var list = view.querySelector("#move-list");
    var empty = view.querySelector("#move-list-empty");
    if (!list || !empty) return false;
    list.replaceChildren();
    // As web/words/texts.py's move_label numbers them.
    var offset = game.first === game.info.first ? 0 : 1;
    var side = game.first;
    var row = null;
    game.moves.forEach(function (move, index) {
      var ply = index + 1;
      var at = index + offset;
      var number = Math.floor(at / 2) + 1;
      var label = number + (at % 2 === 0 ? "." : "…");
      if (!row || Number(row.getAttribute("value")) !== number) {
        row = document.createElement("li");
        row.setAttribute("value", String(number));
        list.appendChild(row);
        if (at % 2 === 1) {
          var gap = document.createElement("span");
          gap.className = "move-gap";
          gap.setAttribute("aria-hidden", "true");
          gap.textContent = "…";
          row.appendChild(gap);
        }
      }
      var text = move[0] + "-" + move[1];
      var button = document.createElement("button");
      button.setAttribute("type", "button");
      button.className = "move";
      button.setAttribute("data-ply", String(ply));
      button.setAttribute("aria-label", fill(words.move[side], { number: label, move: text }));
      button.textContent = text;
      if (ply === game.ply) button.setAttribute("aria-current", "step");
      row.appendChild(button);
      side = side === "black" ? "white" : "black";
    });
    empty.hidden = game.moves.length > 0;
    if (!game.moves.length) empty.textContent = game.info.empty;
    return true;
  }

  // The rows of captured pieces, as web/page/panels.py's CapturedView draws them.
  function paintCaptured(view, kit, words, game) {
    ["black", "white"].forEach(function (colour) {
      var row = view.querySelector("#captured-" + colour);
      if (!row) return;
      var count = Math.max(0, game.start[colour] - game.counts[colour]);
      var king = colour === "white" && !game.counts.king && count > 0;
      row.replaceChildren();
      for (var i = 0; i < count; i++) {
        var kind = king && i === count - 1 ? "king" : colour;
        var icon = kit.querySelector('svg[data-captured="' + kind + '"]');
        if (icon) row.appendChild(icon.cloneNode(true));
      }
      if (!count) {
        var none = document.createElement("span");
        none.className = "quiet";
        none.textContent = words.none;
        row.appendChild(none);
      }
      var names = words.captured[king ? "king" : colour];
      row.setAttribute("aria-label", names[Math.min(count, names.length - 1)]);
    });
  }

  // Paint the link's game in the copy: on `base` (the view the page left, made inert) if
  // given, else on the first visit's view (the copy as built) (`first`: nothing saved, so the settings are
  // the default ones and the first words are those of the link's rule set). False when
  // the link cannot be painted.
  function paintLink(copy, base, first) {
    var kitNode = document.getElementById(KIT);
    var wordsNode = document.getElementById(WORDS);
    if (!kitNode || !wordsNode) return false;
    var words, game;
    try {
      words = JSON.parse(wordsNode.textContent);
      game = linkGame(words);
    } catch (error) {
      return false;
    }
    if (!game) return false;
    // Painted in place: if it cannot be, the loading screen takes the copy's place.
    if (base) copy.replaceChildren(base);
    if (!paintBoard(copy, kitNode.content, words, game) || !paintMoves(copy, words, game)) {
      return false;
    }
    paintCaptured(copy, kitNode.content, words, game);
    var status = copy.querySelector("#status");
    if (status) status.textContent = window.tablutWord("starting");
    var intro = copy.querySelector("#intro-text");
    if (first && intro) intro.textContent = game.info.intro;
    var disabled = { undo: !game.moves.length, redo: true, back: game.ply === 0,
                     forward: game.ply === game.moves.length };
    Object.keys(disabled).forEach(function (id) {
      var button = copy.querySelector("#" + id);
      if (button) button.disabled = disabled[id];
    });
    return true;
  }

  // The move list scrolled to the move shown (once the copy is shown: a hidden list has
  // no size), as web/page/moves.py scrolls it: the list only, never the page.
  function scrollList(button) {
    var list = button && button.closest("#move-list");
    if (!list) return;
    var box = list.getBoundingClientRect();
    var item = button.getBoundingClientRect();
    if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom;
  }


  // The game's elements as the page shows them, for the next visit: without the notices
  // and announcements of this one.
  function keep() {
    var store = storage();
    var game = document.getElementById("game");
    var current = build();
    if (!store || !game || !current || document.body.dataset.ready !== "true") return;
    try {
      // Kept only for the game this page shows: not if another tab has saved its own
      // game since (the kept view would show this one under the other's name).
      if (!savedKey || gameKey(store.getItem(STATE)) !== savedKey) {
        store.removeItem(KEPT);
        return;
      }
    } catch (error) {
      return;
    }
    var copy = game.cloneNode(true);
    ["notice", "update-notice", "announcer"].forEach(function (id) {
      var node = copy.querySelector("#" + id);
      if (node) node.replaceChildren();
    });
    // "More options" opens again only for set-up mode, as the page's Python opens it.
    var more = copy.querySelector("details");
    var setup = game.querySelector("#setup-mode");
    if (more && !(setup && setup.checked)) more.removeAttribute("open");
    // What a form control shows is not in its markup: write it there.
    var live = game.querySelectorAll("select, input");
    copy.querySelectorAll("select, input").forEach(function (node, index) {
      var source = live[index];
      if (node.tagName === "SELECT") {
        Array.prototype.forEach.call(node.options, function (option, at) {
          option.toggleAttribute("selected", at === source.selectedIndex);
        });
      } else if (node.type === "checkbox") {
        node.toggleAttribute("checked", source.checked);
      } else {
        node.setAttribute("value", source.value);
      }
    });
    try {
      store.setItem(KEPT, JSON.stringify({
        build: current,
        key: savedKey,
        address: location.hash,
        html: copy.innerHTML,
      }));
    } catch (error) {
      // Storage full or off: the next visit shows the loading screen instead.
    }
  }

  addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") keep();
  });

  // -- the board before Python ------------------------------------------------------

  // The square of the painted board that `node` is, or is in; null elsewhere.
  function squareOf(node) {
    var square = node && node.closest ? node.closest("#" + COPY + " #board [data-square]") : null;
    return square ? square.getAttribute("data-square") : null;
  }

  // In the painted copy, the element `selector` finds (every one with `all`).
  function inCopy(selector, all) {
    var copy = painted();
    if (!copy) return all ? [] : null;
    return all ? copy.querySelectorAll(selector) : copy.querySelector(selector);
  }

  function rect(name) {
    return inCopy('#board rect[data-square="' + name + '"]');
  }

  // What the person sees of what is kept: the piece picked up, and that the game starts.
  function show() {
    inCopy("#board rect.selected", true).forEach(function (node) {
      node.classList.remove("selected");
    });
    var squares = actions.filter(function (action) { return action !== "escape"; });
    var last = actions[actions.length - 1];
    if (squares.length % 2 === 1 && last !== "escape") {
      var picked = rect(last);
      if (picked) picked.classList.add("selected");
    }
    var status = inCopy("#status");
    if (status && actions.length) status.textContent = window.tablutWord("starting");
  }

  function act(action) {
    actions.push(action);
    show();
  }

  // The square beside `name` in the direction of an arrow key (Home, End: the rank's ends).
  function step(name, key, size) {
    var file = name.charCodeAt(0) - 97;
    var rank = parseInt(name.slice(1), 10) - 1;
    if (key === "Home") file = 0;
    else if (key === "End") file = size - 1;
    else {
      file = Math.min(size - 1, Math.max(0, file + MOVES[key][0]));
      rank = Math.min(size - 1, Math.max(0, rank + MOVES[key][1]));
    }
    return String.fromCharCode(97 + file) + (rank + 1);
  }

  function focusSquare(name) {
    var target = rect(name);
    if (!target) return;
    inCopy('#board rect[tabindex="0"]', true).forEach(function (node) {
      node.setAttribute("tabindex", "-1");
    });
    target.setAttribute("tabindex", "0");
    target.focus();
    var ring = inCopy("#board .focus-ring");
    if (ring) {
      ring.setAttribute("transform", "translate(" + target.getAttribute("x") + " " +
                        target.getAttribute("y") + ")");
    }
  }

  // Until Python takes the board, its events stop here: none reaches Python twice.
  function hold(event) {
    if (taken) return false;
    event.stopImmediatePropagation();
    return true;
  }

  addEventListener("pointerdown", function (event) {
    var name = squareOf(event.target);
    if (!name || event.button !== 0 || !hold(event)) return;
    pressed = name;
  }, true);

  addEventListener("pointerup", function (event) {
    var name = squareOf(document.elementFromPoint(event.clientX, event.clientY));
    if (pressed === null || !hold(event)) return;
    var from = pressed;
    pressed = null;
    if (!name) return;
    act(from);
    if (name !== from) act(name);
  }, true);

  ["pointermove", "pointercancel", "click"].forEach(function (type) {
    addEventListener(type, function (event) {
      if (squareOf(event.target)) hold(event);
    }, true);
  });

  addEventListener("keydown", function (event) {
    var name = squareOf(document.activeElement);
    if (!name || event.altKey || event.ctrlKey || event.metaKey || !hold(event)) return;
    var svg = inCopy("#board svg[data-size]");
    var size = svg ? parseInt(svg.getAttribute("data-size"), 10) : 9;
    var key = event.key;
    if (key in MOVES || key === "Home" || key === "End") focusSquare(step(name, key, size));
    else if (key === "Enter" || key === " ") act(name);
    else if (key === "Escape") act("escape");
    else return;
    event.preventDefault();
  }, true);

  var moving = moveToLanguage();

  window.tablutPaint = {
    // Whether this page is being left for the page of the player's language: nothing
    // more is started or drawn here (web/start.js).
    moving: moving,
    settle: function () { if (!moving) settle(); },
    // For web/page/app.py, each time it saves the game: the view kept when the page is
    // left belongs to this record.
    saved: function (text) { savedKey = gameKey(String(text)); },
    // For web/main.py, once its own game is drawn, just before it takes the painted
    // copy's place: what was done on the copy's board, as JSON ({"actions": [...],
    // "cursor": the square that had the focus, or null}); from then on the board's events
    // go to Python.
    take: function () {
      taken = true;
      var cursor = squareOf(document.activeElement);
      return JSON.stringify({ actions: actions.splice(0), cursor: cursor });
    },
  };
})();
