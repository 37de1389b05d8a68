"""Play a friend live: two browsers play one game over a WebRTC data channel, with no
server between them; the handshake travels as links (:mod:`web.live.signal`), and the
connection itself lives on the page's main thread (``web/live.js``)."""
