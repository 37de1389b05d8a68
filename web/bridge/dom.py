"""Small helpers for the page's DOM code: building elements (never ``innerHTML``, so text
from a game or a saved record can never become markup), listening to events, and keeping
background tasks alive.

Only :class:`Listeners` touches Pyodide (``create_proxy``); the rest needs just a
``document``: the page's is a :class:`web.bridge.remote_dom.RemoteDocument`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"

#: Attribute names spelled with a trailing underscore because they are Python keywords.
_KEYWORDS = {"class_": "class", "for_": "for"}


def _attribute_name(name: str) -> str:
    """``class_`` and ``for_`` name ``class`` and ``for``; other underscores are dashes
    (``aria_label``, ``data_ply``)."""
    return _KEYWORDS.get(name, name.replace("_", "-"))


def _set_attributes(node: Any, attributes: dict[str, object]) -> Any:
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        node.setAttribute(_attribute_name(name), "" if value is True else str(value))
    return node


def element(document: Any, tag: str, text: str | None = None, **attributes: object) -> Any:
    """A new HTML ``tag`` element with ``text`` as its text content and the given
    attributes (None and False leave an attribute out; True sets it empty)."""
    node = _set_attributes(document.createElement(tag), attributes)
    if text is not None:
        node.textContent = text
    return node


def svg_element(document: Any, tag: str, **attributes: object) -> Any:
    """A new SVG ``tag`` element with the given attributes (named as for :func:`element`)."""
    return _set_attributes(document.createElementNS(SVG_NS, tag), attributes)


def box_at_event(event: Any, node: Any) -> Any:
    """The box on screen of ``node``, the element listening to the pointer ``event``, as
    it was when the event came: the one the agent sent with it (the handler runs later,
    and the layout may have moved since: a notice shown above the board), else as it is
    now."""
    box = getattr(event, "box", None)
    return box if box is not None else node.getBoundingClientRect()


_TASKS: set[asyncio.Future[Any]] = set()


def spawn(coroutine: Coroutine[Any, Any, None]) -> asyncio.Future[None]:
    """Run ``coroutine`` in the background. The event loop holds tasks only weakly, so
    each is kept here until it is done."""
    task = asyncio.ensure_future(coroutine)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
    return task


class Listeners:
    """Event listeners that live as long as the page: each Python callback is wrapped
    once in a proxy that JavaScript can call, and the proxy is kept."""

    def __init__(self) -> None:
        """No listeners yet."""
        self._proxies: list[Any] = []

    def on(self, target: Any, event: str, callback: Callable[[Any], None]) -> None:
        """Call ``callback(event)`` for every ``event`` on ``target``."""
        from web.bridge.remote_dom import RemoteNode

        if isinstance(target, RemoteNode):
            target.addEventListener(event, callback)  # a Python callable, as it is
            return
        from pyodide.ffi import create_proxy  # the browser only: keeps the rest testable

        proxy = create_proxy(callback)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def every(self, milliseconds: int, action: Callable[[], None]) -> None:
        """Call ``action()`` every ``milliseconds`` for as long as the page lives."""
        import js  # this thread's own timers: from a worker, the main thread is not woken
        from pyodide.ffi import create_proxy

        proxy = create_proxy(lambda: action())
        self._proxies.append(proxy)
        js.setInterval(proxy, milliseconds)

    def click(self, target: Any, action: Callable[[], None]) -> None:
        """Call ``action()`` when ``target`` is clicked."""
        self.on(target, "click", lambda _event: action())
