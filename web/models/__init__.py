"""The page's models, without a browser: the session and the parts it is made of (the
game and its cursor, settings, match, clocks, set-up mode, notices, review), and what
the page keeps in storage. Tested natively."""
