"""Live play with a friend, browser to browser over WebRTC, signalled by links: the
handshake made short enough for a link (:mod:`web.live.signal`), the invitation and reply
links, the messages the two pages exchange, the connection (over web/live.js, which holds
the WebRTC connection on the page's main thread), and the invitation's QR code."""
