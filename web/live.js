// Play a friend live: the connection between two browsers, a WebRTC data channel.
//
// A classic script in <head>. RTCPeerConnection exists only on a page's main thread, not
// in the web worker where the page's Python runs when the page is isolated (web/start.js),
// so the connection lives here and the Python reaches it through window.tablutLive. From
// a worker every call is a synchronous round trip to this thread, so the interface is a
// few coarse calls, strings in and out, with promises for whatever waits: the Python
// side, not this one, knows the game and its protocol.
//
// There is no server of ours to pass messages while the two sides set up: each side's
// session description travels once, whole, as a link (web/live/signal.py makes it short).
// So nothing trickles: a description is handed over only once its ICE candidates are
// gathered, or once gathering has had its time (a STUN server that does not answer would
// otherwise hold it for half a minute).
//
// The data channel is negotiated, id 0 on both sides: each side makes it before the
// handshake, so it opens with the connection, with no in-band request to wait for, and
// an offer always carries the data section even before any channel is used.
//
// Events reach the Python in order through receive(), one at a time: a queue here keeps
// what arrives while the Python is busy, and a session that has ended keeps answering
// "closed", so that a reader never waits for an event that cannot come.
(function () {
  "use strict";

  // The longest message passed on, in characters: the game's messages are a few hundred;
  // anything longer is a peer we do not want to feed to the Python whole.
  var MAX_MESSAGE = 16 * 1024;
  // Bounds on the time gathering may take, whatever the caller asks.
  var MAX_GATHER_MS = 60000;
  var CHANNEL = { negotiated: true, id: 0, ordered: true };
  var CLOSED = JSON.stringify({ type: "closed" });

  var session = null; // the one connection at a time: see Session

  function event(type, fields) {
    var value = { type: type };
    for (var name in fields) value[name] = fields[name];
    return JSON.stringify(value);
  }

  // One connection and its events. `ended` once it is closed, here or by the peer, or has
  // failed: then exactly one last event, "closed" or "failed", is queued, and nothing
  // after it.
  function Session(iceServers) {
    var self = this;
    this.queue = [];
    this.waiting = null; // the resolve of the pending next(), if one is
    this.ended = false;
    this.pc = new RTCPeerConnection({ iceServers: iceServers });
    this.channel = this.pc.createDataChannel("tablut", CHANNEL);
    this.channel.binaryType = "arraybuffer";
    this.opened = false;
    this.channel.onopen = function () {
      self.opened = true;
      self.push(event("open"));
    };
    this.channel.onmessage = function (message) { self.receive(message.data); };
    // The peer's close() (or its page going away) closes the channel: the SCTP
    // association ends, which is how the peer's leaving is seen quickest.
    this.channel.onclose = function () { self.end(CLOSED); };
    this.pc.onconnectionstatechange = function () {
      if (self.pc.connectionState === "failed") self.end(event("failed", { reason: self.why() }));
    };
  }

  // Why the connection failed, from the state ICE is left in: Chromium calls it failed
  // about 15 s after the last answer from the other side (ICE "disconnected" at 5 s).
  Session.prototype.why = function () {
    var ice = this.pc.iceConnectionState;
    if (ice === "connected" || ice === "completed") {
      return "the secure link between the two browsers could not be set up (DTLS failed)";
    }
    if (this.opened) return "the other browser stopped answering";
    return "no network path between the two browsers was found (ICE failed)";
  };

  Session.prototype.push = function (text) {
    if (this.ended) return;
    if (this.waiting) {
      var resolve = this.waiting;
      this.waiting = null;
      resolve(text);
    } else {
      this.queue.push(text);
    }
  };

  Session.prototype.receive = function (data) {
    if (typeof data !== "string") {
      this.push(event("refused", { reason: "a message that is not text" }));
    } else if (data.length > MAX_MESSAGE) {
      this.push(event("refused", { reason: "a message of " + data.length +
        " characters, longer than " + MAX_MESSAGE }));
    } else {
      this.push(event("message", { data: data }));
    }
  };

  // The session's last event; the connection is let go of, whoever ended it.
  Session.prototype.end = function (last) {
    if (this.ended) return;
    this.push(last);
    this.ended = true;
    this.shut();
  };

  Session.prototype.shut = function () {
    this.channel.onopen = this.channel.onmessage = this.channel.onclose = null;
    this.pc.onconnectionstatechange = null;
    try {
      this.channel.close();
      this.pc.close();
    } catch (error) { /* closed already */ }
  };

  Session.prototype.next = function () {
    var self = this;
    if (this.queue.length) return Promise.resolve(this.queue.shift());
    if (this.ended) return Promise.resolve(CLOSED);
    if (this.waiting) return Promise.reject(new Error("receive() is already waiting for an event"));
    return new Promise(function (resolve) { self.waiting = resolve; });
  };

  // Resolves with the local description once ICE gathering is complete or `gatherMs` has
  // passed, with the candidates found by then (Chromium adds them to localDescription as
  // they come).
  Session.prototype.gathered = function (gatherMs) {
    var self = this;
    return new Promise(function (resolve, reject) {
      var timer = null;
      function done() {
        clearTimeout(timer);
        self.pc.removeEventListener("icegatheringstatechange", check);
        if (session !== self || self.ended) {
          reject(new Error("the connection was closed before its description was ready"));
        } else {
          resolve(self.pc.localDescription.sdp);
        }
      }
      function check() {
        if (self.pc.iceGatheringState === "complete") done();
      }
      self.pc.addEventListener("icegatheringstatechange", check);
      timer = setTimeout(done, gatherMs);
      check();
    });
  };

  function iceServers(json) {
    var servers;
    try {
      servers = JSON.parse(json);
    } catch (error) {
      throw new Error("the ICE servers are not JSON: " + error.message);
    }
    if (!Array.isArray(servers)) throw new Error("the ICE servers are not a list");
    return servers;
  }

  function gatherTime(gatherMs) {
    var ms = Number(gatherMs);
    if (!isFinite(ms) || ms < 0) throw new Error("the gathering time is not a number of milliseconds");
    return Math.min(ms, MAX_GATHER_MS);
  }

  // A new session in place of the last one, which ends (its reader sees "closed").
  function open(iceServersJson) {
    var servers = iceServers(iceServersJson);
    if (session) session.end(CLOSED);
    session = null;
    try {
      session = new Session(servers);
    } catch (error) {
      throw new Error("the connection could not be made: " + error.message);
    }
    return session;
  }

  // A promise rejected with an Error of `words` and the browser's own reason, whatever
  // was thrown (a DOMException, a string...).
  function failure(words) {
    return function (error) {
      var detail = error && error.message ? error.message : String(error);
      throw new Error(words + ": " + detail);
    };
  }

  // A new session set up by `steps(session)`, a promise, and its description once
  // gathered. A session that could not be set up is ended at once, so that a reader
  // waiting on next() sees "closed" rather than nothing ever.
  function start(iceServersJson, gatherMs, steps) {
    var own;
    var ms;
    try {
      ms = gatherTime(gatherMs);
      own = open(iceServersJson);
    } catch (error) {
      return Promise.reject(error);
    }
    return steps(own)
      .then(function () { return own.gathered(ms); })
      .catch(function (error) {
        own.end(CLOSED);
        throw error;
      });
  }

  function invite(iceServersJson, gatherMs) {
    return start(iceServersJson, gatherMs, function (own) {
      return own.pc.createOffer()
        .then(function (offer) { return own.pc.setLocalDescription(offer); })
        .catch(failure("the invitation could not be made"));
    });
  }

  function reply(offerSdp, iceServersJson, gatherMs) {
    return start(iceServersJson, gatherMs, function (own) {
      return own.pc.setRemoteDescription({ type: "offer", sdp: String(offerSdp) })
        .catch(failure("the invitation could not be used"))
        .then(function () {
          return own.pc.createAnswer()
            .then(function (answer) { return own.pc.setLocalDescription(answer); })
            .catch(failure("the reply could not be made"));
        });
    });
  }

  // An answer that does not parse leaves the invitation waiting for another (an
  // OperationError), but one that parses and does not fit the offer is a session error
  // that Chromium keeps: every later answer is refused for it. So the invitation ends
  // there, its reader told why, and the inviter makes a new one.
  function accept(answerSdp) {
    var own = session;
    if (!own || own.ended || own.pc.signalingState !== "have-local-offer") {
      return Promise.reject(new Error("no invitation is waiting for a reply"));
    }
    return own.pc.setRemoteDescription({ type: "answer", sdp: String(answerSdp) })
      .then(function () {}, function (error) {
        if (error && error.name === "OperationError") failure("the reply could not be used")(error);
        var words = "the reply does not fit the invitation, which is over";
        own.end(event("failed", { reason: words }));
        failure(words)(error);
      });
  }

  function send(text) {
    if (!session || session.ended || typeof text !== "string") return false;
    if (text.length > MAX_MESSAGE || session.channel.readyState !== "open") return false;
    try {
      session.channel.send(text);
      return true;
    } catch (error) {
      return false; // closing under us, or its send queue full
    }
  }

  function next() {
    return session ? session.next() : Promise.resolve(CLOSED);
  }

  function close() {
    if (!session) return;
    session.queue = [];
    session.end(CLOSED);
  }

  // A page being left closes its connection, which tells the other page at once (the
  // association's end reaches it), instead of after its heartbeat goes unanswered.
  addEventListener("pagehide", close);

  function state() {
    if (!session) return JSON.stringify({ connection: "none", ice: "none", channel: "none" });
    return JSON.stringify({
      connection: session.pc.connectionState,
      ice: session.pc.iceConnectionState,
      channel: session.channel.readyState,
    });
  }

  // Not "send" and "next": Pyodide takes an object with a "next" method for a JavaScript
  // iterator, and its "send" (and "close") for the generator protocol's, which call
  // next() instead of the functions of those names.
  window.tablutLive = {
    invite: invite,
    reply: reply,
    accept: accept,
    post: send,
    receive: next,
    close: close,
    state: state,
    // The longest message that post() sends and the peer passes on.
    maxMessage: MAX_MESSAGE,
  };
})();
