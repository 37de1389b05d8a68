"""Records: imports and exports in every format, share links, and the saved games."""
