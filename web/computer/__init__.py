"""The computer player: the questions the page puts to it, the road to its worker (one
protocol module shared by both ends), the page's client and the worker's functions.

Kept light: the worker imports :mod:`web.computer.protocol` and
:mod:`web.computer.worker` only, so nothing may be imported here."""
