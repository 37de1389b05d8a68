"""The computer player's script: PyScript runs it in a web worker of its own (web/start.js
starts it), and the page calls the functions it exports. They live in
:mod:`web.computer.worker`; this script only names them for PyScript."""

from web.computer.worker import EXPORTED, next_analysis, set_stops, start_analysis, think

__all__ = ["next_analysis", "set_stops", "start_analysis", "think"]

#: What PyScript lets the page call.
__export__ = list(EXPORTED)
