"""Live play with a friend, browser to browser over WebRTC, signalled by links: the
messages the two pages exchange, the invitation and reply links, and the connection."""
