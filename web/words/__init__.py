"""The page's words: what the status line, the notices and the live region say about
the models' values and events. The models hold no sentences; these modules make them."""
