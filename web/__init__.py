"""The browser side of Tablut: thin PyScript modules that turn engine state into DOM.

Nothing here is imported by the engine (``tablut/``); these modules run only in the page,
where PyScript ships them into the interpreter's file system (see ``pyscript.toml``).
"""
