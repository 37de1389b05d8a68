"""OpenTafl's formats and its engine protocol.

OpenTafl (jslater89/OpenTafl) is a tafl program with its own notation: rules strings,
position records, moves and game records (``.otg``), described in its
``opentafl-notation-spec.txt``, and an engine protocol (OTEP,
``opentafl-engine-protocol.txt``) through which it plays against external engines.

Modules: :mod:`.notation` (positions and moves), :mod:`.rules_string` (rules strings to
and from our rule sets), :mod:`.record` (game records) and :mod:`.otep` (our engine
speaking OTEP, ``python -m tablut otep``).
"""
