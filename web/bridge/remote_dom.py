"""The page's DOM for its Python, in batches through web/dom_agent.js.

When the game's Python runs in a web worker (web/start.js), each DOM object it touches is
a proxy whose every use is a synchronous round trip to the main thread, and Pyodide
makes dozens of them merely to receive an object (it asks what kind of object it is):
drawing the board takes seconds. So the page's Python never holds a DOM object. A
:class:`RemoteNode` is a number (a *handle*) that the agent on the main thread maps to
its node; what Python does to it is written down as an operation, and the operations go
to the agent as JSON text in one batch: at the end of each event handler, before any
read (which the same round trip answers), and otherwise as soon as the running Python
code gives the event loop a turn. Events come back as :class:`Event`, the plain facts
the agent sends. The same batches serve Python on the main thread, where a batch is a
plain function call.

The views keep their DOM style (``node.setAttribute(...)``, ``node.hidden = True``,
``node.classList.toggle(...)``, ``document.getElementById(...)``) on
:class:`RemoteDocument` and :class:`RemoteNode`. What they do not define is still
possible, slowly: an unknown property is read or written on the real node, an unknown
method called on it; an object that is not a node (a FileList, say) comes as a real
proxy.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections.abc import Callable
from typing import Any

#: The agent's handle of the document; Python numbers the nodes it makes from 1 up.
DOCUMENT = 0
#: The agent's handle of the window (events such as "storage" and "hashchange").
WINDOW = -1
#: The listener number of the agent's ``settled()``: no listener, only the answer that
#: every event sent before it has been handled and drawn.
SETTLED = 0


class Dom:
    """The connection to the agent: the batch being written, and the listeners."""

    def __init__(self, agent: Any) -> None:
        """Talk to ``agent`` (``window.tablutDom``); its run function is looked up once,
        since each lookup is a round trip."""
        from pyodide.ffi import create_proxy  # the browser only

        self._run = agent.run
        self._real = agent.real
        self.warn = agent.warn
        self._batch: list[list[Any]] = []
        self._made = 0
        self._nodes: weakref.WeakValueDictionary[int, RemoteNode] = weakref.WeakValueDictionary()
        self._listeners: dict[int, Callable[[Event], None]] = {}
        self._flush_planned = False
        self._dispatcher = create_proxy(self._dispatch)
        agent.connect(self._dispatcher)
        self.document = RemoteDocument(self, DOCUMENT)
        self._nodes[DOCUMENT] = self.document
        self.window = self.node(WINDOW)

    # -- nodes --------------------------------------------------------------------------

    def node(self, handle: int, *, made: bool = False) -> RemoteNode:
        """The one :class:`RemoteNode` of ``handle`` (``made``: a node Python has just
        made, which the agent cannot have named before)."""
        node = self._nodes.get(handle)
        if node is None:
            node = RemoteNode(self, handle)
            if not made:
                # Named by the agent (an event's target, a read's answer): it may be a
                # node Python has forgotten while the event was on its way, which the
                # agent keeps in limbo until told it is Python's again.
                self.write("keep", handle)
            self._nodes[handle] = node
            if handle > 0 or handle < WINDOW:
                # The agent forgets the node once Python has no use for it any more.
                weakref.finalize(node, self.write, "forget", handle)
        return node

    def make(self, tag: str, namespace: str | None = None) -> RemoteNode:
        """A new element (in ``namespace``, for SVG), not yet in the page."""
        self._made += 1
        self.write("new", self._made, namespace, tag)
        return self.node(self._made, made=True)

    def real(self, node: RemoteNode) -> Any:
        """The node itself, as the runtime's proxy: for what the agent cannot do."""
        self.flush()
        return self._real(node.handle)

    # -- batches ------------------------------------------------------------------------

    def write(self, *operation: Any) -> None:
        """Add an operation to the batch; the batch is sent soon."""
        self._batch.append(list(operation))
        if not self._flush_planned:
            self._flush_planned = True
            asyncio.get_event_loop().call_soon(self.flush)

    def read(self, *operation: Any) -> Any:
        """Send the batch with ``operation`` last; its answer as plain data (nodes as
        :class:`RemoteNode`, other objects as real proxies)."""
        batch, self._batch = self._batch, []
        batch.append(list(operation))
        answer = json.loads(str(self._run(json.dumps(batch))))
        return self._value(answer, operation)

    def flush(self) -> None:
        """Send the batch, if any."""
        self._flush_planned = False
        if self._batch:
            batch, self._batch = self._batch, []
            self._run(json.dumps(batch))

    def _value(self, answer: Any, operation: tuple[Any, ...]) -> Any:
        if not isinstance(answer, dict) or not answer.keys() & {"$node", "$method", "$object"}:
            return answer
        if "$node" in answer:
            return self.node(int(answer["$node"]))
        if "$method" in answer:
            handle, name = operation[1], operation[2]
            return lambda *args: self.read("call?", handle, name, *args)
        # An object that is not a node: the real one, through the runtime's proxy.
        kind, handle, name, *args = operation
        value = getattr(self._real(handle), name)
        return value if kind == "get" else value(*args)

    # -- events -------------------------------------------------------------------------

    def listen(self, node: RemoteNode, event: str, callback: Callable[[Event], None]) -> None:
        """Call ``callback(event)`` for every ``event`` on ``node``."""
        number = len(self._listeners) + 1
        self._listeners[number] = callback
        self.write("listen", node.handle, event, number)

    def _dispatch(self, listener: int, facts: str) -> None:
        try:
            if int(listener) != SETTLED:
                self._listeners[int(listener)](Event(self, json.loads(str(facts))))
        finally:
            self.flush()


class RemoteNode:
    """A DOM node of the page, by its handle (see the module's docstring)."""

    __slots__ = ("_dom", "handle", "__weakref__")

    def __init__(self, dom: Dom, handle: int) -> None:
        """The node ``handle`` of ``dom``."""
        object.__setattr__(self, "_dom", dom)
        object.__setattr__(self, "handle", handle)

    def __repr__(self) -> str:
        return f"<RemoteNode {self.handle}>"

    def __bool__(self) -> bool:
        return True

    # Any other property: read from, or written to, the node itself.
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self._dom.read("get", self.handle, name)

    def __setattr__(self, name: str, value: Any) -> None:
        self._dom.write("prop", self.handle, name, value)

    # -- attributes and parts -------------------------------------------------------------

    def setAttribute(self, name: str, value: object) -> None:  # noqa: N802 - the DOM's name
        """``Element.setAttribute``."""
        self._dom.write("attr", self.handle, name, str(value))

    def removeAttribute(self, name: str) -> None:  # noqa: N802 - the DOM's name
        """``Element.removeAttribute``."""
        self._dom.write("attr", self.handle, name, None)

    def getAttribute(self, name: str) -> str | None:  # noqa: N802 - the DOM's name
        """``Element.getAttribute``."""
        return self._dom.read("attr?", self.handle, name)

    @property
    def classList(self) -> ClassList:  # noqa: N802 - the DOM's name
        """``Element.classList``: add, remove, toggle."""
        return ClassList(self)

    @property
    def style(self) -> Style:
        """``HTMLElement.style``: properties written by name (``style.width = "50%"``)."""
        return Style(self)

    @property
    def dataset(self) -> Dataset:
        """``HTMLElement.dataset``: ``data-*`` attributes by name; a missing one is None."""
        return Dataset(self)

    # -- the tree -----------------------------------------------------------------------

    def appendChild(self, child: RemoteNode) -> RemoteNode:  # noqa: N802 - the DOM's name
        """``Node.appendChild``: ``child`` goes last; returned."""
        self._dom.write("append", self.handle, child.handle)
        return child

    def append(self, *children: RemoteNode) -> None:
        """``Element.append``."""
        self._dom.write("append", self.handle, *(child.handle for child in children))

    def replaceChildren(self, *children: RemoteNode) -> None:  # noqa: N802 - the DOM's name
        """``Element.replaceChildren``."""
        self._dom.write("replace", self.handle, *(child.handle for child in children))

    def insertBefore(self, child: RemoteNode, reference: RemoteNode | None) -> RemoteNode:  # noqa: N802
        """``Node.insertBefore``: ``child`` before ``reference`` (last when None)."""
        self._dom.write("before", self.handle, child.handle,
                        None if reference is None else reference.handle)
        return child

    def remove(self) -> None:
        """``Element.remove``."""
        self._dom.write("remove", self.handle)

    def querySelector(self, selector: str) -> RemoteNode | None:  # noqa: N802 - the DOM's name
        """``Element.querySelector``."""
        return self._dom.read("query", self.handle, selector)

    def closest(self, selector: str) -> RemoteNode | None:
        """``Element.closest``."""
        return self._dom.read("closest", self.handle, selector)

    # -- actions ----------------------------------------------------------------------

    def _call(self, method: str, *args: object) -> None:
        self._dom.write("call", self.handle, method, *args)

    def focus(self) -> None:
        """``HTMLElement.focus``."""
        self._call("focus")

    def select(self) -> None:
        """``HTMLInputElement.select``."""
        self._call("select")

    def click(self) -> None:
        """``HTMLElement.click``."""
        self._call("click")

    def setPointerCapture(self, pointer: int) -> None:  # noqa: N802 - the DOM's name
        """``Element.setPointerCapture``."""
        self._call("setPointerCapture", pointer)

    def getBoundingClientRect(self) -> Box:  # noqa: N802 - the DOM's name
        """``Element.getBoundingClientRect``, as plain numbers."""
        return Box(**self._dom.read("rect", self.handle))

    def addEventListener(self, event: str, callback: Callable[[Event], None]) -> None:  # noqa: N802
        """``EventTarget.addEventListener`` with a Python callable (see :class:`Event`)."""
        self._dom.listen(self, event, callback)


class RemoteDocument(RemoteNode):
    """The page's ``document``."""

    __slots__ = ()

    def createElement(self, tag: str) -> RemoteNode:  # noqa: N802 - the DOM's name
        """``Document.createElement``."""
        return self._dom.make(tag)

    def createElementNS(self, namespace: str, tag: str) -> RemoteNode:  # noqa: N802
        """``Document.createElementNS``."""
        return self._dom.make(tag, namespace)

    def getElementById(self, name: str) -> RemoteNode | None:  # noqa: N802 - the DOM's name
        """``Document.getElementById``."""
        return self._dom.read("byid", name)


class ClassList:
    """A node's ``classList``."""

    def __init__(self, node: RemoteNode) -> None:
        """The classes of ``node``."""
        self.node = node

    def toggle(self, name: str, force: bool | None = None) -> bool:
        """``DOMTokenList.toggle``; without ``force``, a read (it answers the state)."""
        if force is None:
            return bool(self.node._dom.read("class?", self.node.handle, name))
        self.node._dom.write("class", self.node.handle, name, bool(force))
        return bool(force)

    def add(self, *names: str) -> None:
        """``DOMTokenList.add``."""
        for name in names:
            self.toggle(name, True)

    def remove(self, *names: str) -> None:
        """``DOMTokenList.remove``."""
        for name in names:
            self.toggle(name, False)


class Style:
    """A node's inline ``style``, written property by property."""

    def __init__(self, node: RemoteNode) -> None:
        """The style of ``node``."""
        object.__setattr__(self, "node", node)

    def __setattr__(self, name: str, value: str) -> None:
        self.node._dom.write("style", self.node.handle, name, value)


class Dataset:
    """A node's ``dataset``."""

    def __init__(self, node: RemoteNode) -> None:
        """The ``data-*`` attributes of ``node``."""
        object.__setattr__(self, "node", node)

    def __getattr__(self, name: str) -> str | None:
        if name.startswith("__"):
            raise AttributeError(name)
        return self.node._dom.read("data?", self.node.handle, name)

    def __setattr__(self, name: str, value: str | None) -> None:
        self.node._dom.write("data", self.node.handle, name, value)


class Box:
    """A node's box on screen (``DOMRect``), in CSS pixels."""

    def __init__(self, left: float, top: float, right: float, bottom: float,
                 width: float, height: float, x: float, y: float) -> None:
        """The box's edges and size."""
        self.left, self.top, self.right, self.bottom = left, top, right, bottom
        self.width, self.height, self.x, self.y = width, height, x, y


class Event:
    """What a listener is told of an event: its plain facts, as the agent sent them.

    The default action of an event is cancelled by the agent on the main thread, for the
    cases the page handles (web/dom_agent.js, ``cancelDefaults``): a handler in a worker
    runs after the event's dispatch, too late to cancel anything. So
    :meth:`preventDefault` only checks that the agent did so.
    """

    def __init__(self, dom: Dom, facts: dict[str, Any]) -> None:
        """The event described by ``facts``."""
        self.type: str = facts["type"]
        self.key: str | None = facts["key"]
        self.altKey: bool = facts["altKey"]  # noqa: N815 - the DOM's names
        self.ctrlKey: bool = facts["ctrlKey"]  # noqa: N815
        self.metaKey: bool = facts["metaKey"]  # noqa: N815
        self.shiftKey: bool = facts["shiftKey"]  # noqa: N815
        self.button: int | None = facts["button"]
        self.pointerId: int | None = facts["pointerId"]  # noqa: N815
        self.clientX: float | None = facts["clientX"]  # noqa: N815
        self.clientY: float | None = facts["clientY"]  # noqa: N815
        self.defaultPrevented: bool = facts["defaultPrevented"]  # noqa: N815
        target = facts["target"]
        self.target: RemoteNode | None = None if target is None else dom.node(int(target))
        box = facts.get("box")
        #: For a pointer event, the box of the element listening when the event came.
        self.box: Box | None = None if box is None else Box(**box)
        self._dom = dom

    def preventDefault(self) -> None:  # noqa: N802 - the DOM's name
        """Nothing to do: the agent cancels the default actions the page handles. A
        default action it did not cancel is reported in the console, to be added
        there."""
        if not self.defaultPrevented:
            self._dom.warn(f"Tablut: the default action of a {self.type} event "
                           f"({self.key or ''}) was not cancelled: see web/dom_agent.js")

    def stopPropagation(self) -> None:  # noqa: N802 - the DOM's name
        """Nothing to do: the agent's listeners see the event as the DOM dispatched it;
        a handler that must skip an event handled elsewhere checks
        :attr:`defaultPrevented`."""
