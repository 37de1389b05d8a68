"""The game page in the browser: the views beside the board, the settings form, and the
wiring that connects them to the session, storage and the computer player."""
