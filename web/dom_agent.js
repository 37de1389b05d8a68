// The DOM agent: the page's Python changes the DOM through this script, in batches.
//
// Where the game's Python runs in a worker (web/start.js), every DOM object that reaches
// Python is a proxy whose every use is a synchronous round trip to this thread, and
// merely handing Python an object costs dozens of them (Pyodide asks it what kind of
// object it is): drawing the board that way takes seconds. So Python never holds a DOM
// object: web/bridge/remote_dom.py keeps numbered *handles* and sends this agent batches of
// operations as JSON text, one round trip a batch; only a read waits for an answer
// (JSON as well). Events come back the same way: a listener here sends Python the
// event's plain facts (key, pointer position, target's handle...).
// The same agent serves Python on the main thread (no isolation), where a batch is
// simply a function call.
//
// It also cancels, on this thread, the browser's default actions that the page's
// Python handles (see cancelDefaults): a listener in a worker runs after the event's
// dispatch is over, too late to call preventDefault().
(function () {
  "use strict";

  var nodes = new Map();     // handle -> node
  var handles = new WeakMap(); // node -> handle
  var found = 0;             // handles this agent gives (negative: Python's are positive)
  var dispatch = null;       // Python's event dispatcher: (listener, factsJson) => void

  // A node that Python forgets may still be named by events on their way to it: their
  // facts were written before the "forget" came. Such a node waits in limbo until every
  // event sent before the "forget" has been handled; one named again meanwhile (by a new
  // event or a read) is Python's again, and leaves limbo.
  var sent = 0;              // events sent to Python
  var handled = 0;           // events Python has finished with (it takes them in order)
  var limbo = new Map();     // handle -> how many events had been sent when it was forgotten

  function send(listener, text) {
    sent += 1;
    var answer;
    try {
      answer = dispatch(listener, text);
    } catch (error) {
      finished();
      throw error;
    }
    return Promise.resolve(answer).then(finished, function (error) {
      finished();
      throw error;
    });
  }

  function finished() {
    handled += 1;
    limbo.forEach(function (mark, handle) {
      if (handled >= mark) {
        limbo.delete(handle);
        drop(handle);
      }
    });
  }

  function drop(handle) {
    var target = nodes.get(handle);
    nodes.delete(handle);
    if (target !== undefined && handles.get(target) === handle) handles.delete(target);
  }

  function node(handle) {
    var target = nodes.get(handle);
    if (target === undefined) throw new Error("Tablut DOM agent: no node " + handle);
    return target;
  }

  function remember(handle, target) {
    nodes.set(handle, target);
    handles.set(target, handle);
    return handle;
  }

  // The handle of a node, given one if it has none; null for no node.
  function handleOf(target) {
    if (target === null || target === undefined) return null;
    var handle = handles.get(target);
    if (handle !== undefined) {
      limbo.delete(handle);
      return handle;
    }
    found -= 1;
    return remember(found, target);
  }

  // The plain facts of an event that the page's handlers use. A pointer event also
  // brings the box of the element listening (``box``) as it was at that moment: the
  // handler runs later, in the worker, when the layout may have moved (a notice shown
  // above the board), and a click must land on the square that was under the pointer.
  function facts(event) {
    var pointer = event.clientX !== undefined && event.currentTarget instanceof Element;
    return JSON.stringify({
      type: event.type,
      key: event.key === undefined ? null : event.key,
      altKey: !!event.altKey, ctrlKey: !!event.ctrlKey,
      metaKey: !!event.metaKey, shiftKey: !!event.shiftKey,
      button: event.button === undefined ? null : event.button,
      pointerId: event.pointerId === undefined ? null : event.pointerId,
      clientX: event.clientX === undefined ? null : event.clientX,
      clientY: event.clientY === undefined ? null : event.clientY,
      defaultPrevented: event.defaultPrevented,
      target: event.target instanceof Node ? handleOf(event.target) : null,
      box: pointer ? rect(event.currentTarget) : null,
    });
  }

  // A value as it can cross to Python: a primitive as it is; a node as its handle; a
  // method or another object as a mark, so that Python takes it another way.
  function plain(value) {
    if (value === null || value === undefined) return null;
    var kind = typeof value;
    if (kind === "string" || kind === "number" || kind === "boolean") return value;
    if (value instanceof Node) return { "$node": handleOf(value) };
    return kind === "function" ? { "$method": true } : { "$object": true };
  }

  function rect(target) {
    var box = target.getBoundingClientRect();
    return { left: box.left, top: box.top, right: box.right, bottom: box.bottom,
             width: box.width, height: box.height, x: box.x, y: box.y };
  }

  // Operations that change the page; each is an array [name, handle, ...arguments].
  var WRITES = {
    "new": function (handle, namespace, tag) {
      remember(handle, namespace ? document.createElementNS(namespace, tag)
                                 : document.createElement(tag));
    },
    "attr": function (handle, name, value) {
      if (value === null) node(handle).removeAttribute(name);
      else node(handle).setAttribute(name, value);
    },
    "prop": function (handle, name, value) { node(handle)[name] = value; },
    "style": function (handle, name, value) { node(handle).style[name] = value; },
    "data": function (handle, name, value) {
      if (value === null) delete node(handle).dataset[name];
      else node(handle).dataset[name] = value;
    },
    "class": function (handle, name, on) { node(handle).classList.toggle(name, on); },
    "append": function (handle) {
      var target = node(handle);
      for (var i = 1; i < arguments.length; i++) target.appendChild(node(arguments[i]));
    },
    "replace": function (handle) {
      var children = [];
      for (var i = 1; i < arguments.length; i++) children.push(node(arguments[i]));
      node(handle).replaceChildren.apply(node(handle), children);
    },
    "before": function (handle, child, reference) {
      node(handle).insertBefore(node(child), reference === null ? null : node(reference));
    },
    "remove": function (handle) { node(handle).remove(); },
    // A method whose result is not wanted. One that refuses (setPointerCapture for a
    // pointer already lifted by the time the batch arrives) is skipped, as the page's
    // Python would skip it: the rest of the batch goes on.
    "call": function (handle, method) {
      var target = node(handle);
      try {
        target[method].apply(target, Array.prototype.slice.call(arguments, 2));
      } catch (error) {
        if (!(error instanceof DOMException)) throw error;
      }
    },
    "listen": function (handle, type, listener) {
      node(handle).addEventListener(type, function (event) {
        if (dispatch) send(listener, facts(event));
      });
    },
    "keep": function (handle) { limbo.delete(handle); },
    "forget": function (handle) {
      if (sent > handled) limbo.set(handle, sent);
      else drop(handle);
    },
  };

  // Operations that answer; the last of a batch may be one of these.
  var READS = {
    "get": function (handle, name) { return plain(node(handle)[name]); },
    "attr?": function (handle, name) { return node(handle).getAttribute(name); },
    "data?": function (handle, name) {
      var value = node(handle).dataset[name];
      return value === undefined ? null : value;
    },
    "class?": function (handle, name) { return node(handle).classList.toggle(name); },
    "rect": function (handle) { return rect(node(handle)); },
    "query": function (handle, selector) { return plain(node(handle).querySelector(selector)); },
    "closest": function (handle, selector) { return plain(node(handle).closest(selector)); },
    "byid": function (id) { return plain(document.getElementById(id)); },
    "call?": function (handle, method) {
      var target = node(handle);
      return plain(target[method].apply(target, Array.prototype.slice.call(arguments, 2)));
    },
  };

  // Carry out a batch (JSON text of a list of operations); answer the last operation's
  // value as JSON text when it is a read, else "null".
  function run(batch) {
    var operations = JSON.parse(batch);
    var answer = null;
    for (var i = 0; i < operations.length; i++) {
      var operation = operations[i];
      var name = operation[0];
      var write = WRITES[name];
      if (write) {
        write.apply(null, operation.slice(1));
      } else if (READS[name] && i === operations.length - 1) {
        answer = READS[name].apply(null, operation.slice(1));
      } else {
        throw new Error("Tablut DOM agent: unknown operation " + name);
      }
    }
    return JSON.stringify(answer === undefined ? null : answer);
  }

  // The real node of a handle, for the rare use that needs the object itself.
  function real(handle) {
    return node(handle);
  }

  remember(0, document);
  remember(-1, window);
  found = -1;

  // -- default actions ------------------------------------------------------------------

  // Keys that a board handles (web/board/input.py): the arrow keys, Home and End move
  // the keyboard cursor, Enter and Space act on a square. Their default actions
  // (scrolling, a click) are cancelled here, on this thread, at once; the page's handler
  // of the Left and Right keys elsewhere skips a key whose default was prevented.
  var BOARD_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End",
                    "Enter", " "];

  function cancelDefaults() {
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (!(target instanceof Element)) return;
      var board = target.closest("svg.board-svg");
      if (board && BOARD_KEYS.indexOf(event.key) >= 0) {
        event.preventDefault();
      } else if (board && event.key === "Escape" && board.querySelector("rect.selected")) {
        // Escape puts a picked-up piece down; in a dialog (the lesson) it must not close
        // the dialog as well.
        event.preventDefault();
      } else if (target.matches("input[data-rename]") &&
                 (event.key === "Enter" || event.key === "Escape")) {
        event.preventDefault(); // Enter saves and Escape cancels the rename
      }
    }, true);
    // Every form of the page is handled by Python: none is ever sent. A dialog's form
    // (method "dialog") only closes its dialog, as it should.
    document.addEventListener("submit", function (event) {
      var method = event.submitter && event.submitter.getAttribute("formmethod") ||
                   event.target.getAttribute("method");
      if (String(method).toLowerCase() !== "dialog") event.preventDefault();
    }, true);
  }

  cancelDefaults();

  window.tablutDom = {
    run: run,
    real: real,
    connect: function (dispatcher) { dispatch = dispatcher; },
    // A promise kept once the page's Python has handled every event sent before this
    // call and drawn what they changed (listener 0 is none: see web/bridge/remote_dom.py). The
    // Python may run in a worker that handles events a moment after they happen; tests
    // and tools wait for this instead of guessing a delay.
    settled: function () {
      return (dispatch ? send(0, "null") : Promise.resolve(null)).then(function () {
        return true;
      });
    },
    warn: function (text) { console.warn(text); },
  };
})();
