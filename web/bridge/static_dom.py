"""A small static DOM: enough of ``document`` and its elements for what the page's views
do (web/page, web/board, web/lesson), read back by the native tests, and written out as
HTML by the build, which paints the page's first view with it (``tools/paint_page.py``).

:func:`page_document` parses index.html into a tree of :class:`FakeElement`, so that the
views find every element the real page has, with its attributes and text. The nodes
subclass :class:`web.bridge.remote_dom.RemoteNode` (as plain Python objects that talk to
no agent), so that :class:`web.bridge.dom.Listeners` gives them Python callables as it
does the page's nodes, without Pyodide. :func:`fire` dispatches an event that bubbles up
the tree.

Simplifications: an element's text is one string (``textContent`` reads its own text,
then its children's); ``hidden``, ``disabled`` and ``open`` reflect their attributes,
``value`` and ``checked`` are plain state; a selector is one compound (``#id``,
``.class``, ``button[data-ply]``, ``g[data-piece="king"]``); every box is empty unless
a test sets :attr:`FakeElement.rect` (see :func:`box`). An element parsed from a page
remembers where it stands in the page's text and what it held there (:class:`Source`), so
that the page can be written out again changed only where its views changed it.
"""
# ruff: noqa: N802, N815 - the DOM's own names (getElementById, textContent, clientX...)

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from web.bridge.dom import SVG_NS
from web.bridge.remote_dom import Box, RemoteNode

#: The page whose elements :func:`page_document` makes.
INDEX_HTML = Path(__file__).resolve().parents[2] / "index.html"
#: Elements without an end tag.
VOID_TAGS = {"br", "hr", "img", "input", "link", "meta", "source", "wbr"}

_handles = itertools.count(1)
_SELECTOR_PART = re.compile(r"#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=[\"']?([^\"'\]]*)[\"']?)?\]")


def box(left: float = 0.0, top: float = 0.0, width: float = 0.0, height: float = 0.0) -> Box:
    """A box on screen as ``getBoundingClientRect`` answers it, in CSS pixels."""
    return Box(left, top, left + width, top + height, width, height, left, top)


@dataclass
class Source:
    """Where a parsed element stands in its page's text, and what it held there.

    Attributes:
        start, open_end: the start tag's first character and the one after its ``>``.
        close, close_end: the same of the end tag (None when it has none: a void tag).
        attributes, text, children, value, checked: the element as parsed.
    """

    start: int
    open_end: int
    attributes: dict[str, str]
    text: str = ""
    children: tuple[FakeElement, ...] = ()
    value: str = ""
    checked: bool = False
    close: int | None = None
    close_end: int | None = None


@dataclass
class FakeEvent:
    """An event as a listener sees it: the facts a web.bridge.remote_dom.Event carries;
    ``defaultPrevented`` and ``stopped`` say what ``preventDefault`` and
    ``stopPropagation`` did."""

    type: str
    target: FakeElement | None = None
    key: str | None = None
    altKey: bool = False
    ctrlKey: bool = False
    metaKey: bool = False
    shiftKey: bool = False
    button: int | None = 0
    pointerId: int | None = 1
    clientX: float | None = None
    clientY: float | None = None
    box: Box | None = None
    defaultPrevented: bool = False
    stopped: bool = False

    def preventDefault(self) -> None:
        self.defaultPrevented = True

    def stopPropagation(self) -> None:
        self.stopped = True


class ClassList:
    """An element's ``classList`` (``add``, ``remove``, ``toggle``, ``contains``), kept in
    its ``class`` attribute."""

    def __init__(self, node: FakeElement) -> None:
        self.node = node

    def contains(self, name: str) -> bool:
        return name in self.node.className.split()

    def toggle(self, name: str, force: bool | None = None) -> bool:
        """Add ``name`` (with ``force`` True, or without ``force`` if absent), else remove
        it; whether it is there now."""
        on = not self.contains(name) if force is None else bool(force)
        kept = [n for n in self.node.className.split() if n != name]
        self.node.className = " ".join(kept + [name] * on)
        return on

    def add(self, *names: str) -> None:
        for name in names:
            self.toggle(name, True)

    def remove(self, *names: str) -> None:
        for name in names:
            self.toggle(name, False)


class Dataset:
    """An element's ``dataset``: its ``data-*`` attributes by camelCase name (None if
    absent)."""

    def __init__(self, node: FakeElement) -> None:
        object.__setattr__(self, "node", node)

    @staticmethod
    def _attribute(name: str) -> str:
        return "data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group().lower(), name)

    def __getattr__(self, name: str) -> str | None:
        return self.node.getAttribute(self._attribute(name))

    def __setattr__(self, name: str, value: object) -> None:
        self.node.setAttribute(self._attribute(name), value)


def _flag(name: str) -> property:
    """A boolean property reflecting the attribute ``name``, as ``hidden`` does."""

    def put(node: FakeElement, on: bool) -> None:
        if on:
            node.attributes[name] = ""
        else:
            node.attributes.pop(name, None)

    return property(lambda node: name in node.attributes, put, doc=f"The {name} flag.")


class FakeElement(RemoteNode):
    """An element: attributes, children, text, state and listeners, all plain Python.
    What is named as in the DOM does what the DOM's does (within the module's
    simplifications); what the fake lacks is an AttributeError, never a silent success."""

    __setattr__ = object.__setattr__  # not RemoteNode's writes to an agent

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"the fake DOM has no {name!r}")

    def __init__(self, tag: str, namespace: str | None = None,
                 attributes: dict[str, str] | None = None) -> None:
        """A new ``tag`` element (in ``namespace`` for SVG) with ``attributes``."""
        super().__init__(None, next(_handles))  # type: ignore[arg-type]  # no agent
        self.tagName = tag if namespace else tag.upper()
        self.namespaceURI = namespace
        self.attributes: dict[str, str] = dict(attributes or {})
        self.children: list[FakeElement] = []
        self.parentNode: FakeElement | None = None
        self.text = ""
        self.value = self.attributes.get("value", "")
        self.checked = "checked" in self.attributes
        self.scrollTop = 0.0
        self.rect = box()
        self.listeners: dict[str, list[Callable[[Any], None]]] = {}
        self._style = SimpleNamespace()
        #: Where a parsed element came from (None for one made since).
        self.source: Source | None = None

    def __repr__(self) -> str:
        return f"<{self.tagName}{'#' + self.id if self.id else ''}>"

    hidden = _flag("hidden")
    disabled = _flag("disabled")
    open = _flag("open")
    id = property(lambda self: self.attributes.get("id"), doc="The id attribute.")
    classList = property(ClassList, doc="The classes.")
    dataset = property(Dataset, doc="The data-* attributes.")
    style = property(lambda self: self._style, doc="The inline style, by property.")

    @property
    def className(self) -> str:
        return self.attributes.get("class", "")

    @className.setter
    def className(self, value: str) -> None:
        self.attributes["class"] = value

    @property
    def textContent(self) -> str:
        """The element's text and its children's; written, it replaces the children."""
        return self.text + "".join(child.textContent for child in self.children)

    @textContent.setter
    def textContent(self, value: str) -> None:
        self.replaceChildren()
        self.text = str(value)

    def setAttribute(self, name: str, value: object) -> None:
        self.attributes[name] = str(value)

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)

    # -- the tree -----------------------------------------------------------------------------

    def insertBefore(self, child: FakeElement, reference: FakeElement | None) -> FakeElement:
        """Move ``child`` before ``reference`` (last when None); returned."""
        child.remove()
        at = len(self.children) if reference is None else self.children.index(reference)
        self.children.insert(at, child)
        child.parentNode = self
        return child

    def appendChild(self, child: FakeElement) -> FakeElement:
        return self.insertBefore(child, None)

    def replaceChildren(self, *children: FakeElement) -> None:
        """Make ``children`` the only children, without text."""
        for old in self.children:
            old.parentNode = None
        self.children, self.text = [], ""
        for child in children:
            self.appendChild(child)

    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode.children.remove(self)
            self.parentNode = None

    @property
    def firstChild(self) -> FakeElement | None:
        return self.children[0] if self.children else None

    def walk(self) -> Iterator[FakeElement]:
        """Every element below this one, in document order."""
        for child in self.children:
            yield child
            yield from child.walk()

    def matches(self, selector: str) -> bool:
        """Whether the element matches ``selector`` (one compound: see the module docs)."""
        tag = re.match(r"[a-zA-Z][\w-]*", selector)
        rest = selector[tag.end() if tag else 0:]
        found = list(_SELECTOR_PART.finditer(rest))
        if "".join(part.group() for part in found) != rest:
            raise ValueError(f"the fake DOM cannot match {selector!r}")
        if tag and self.tagName.lower() != tag.group().lower():
            return False
        for ident, cls, name, value in (part.groups() for part in found):
            if (ident and self.id != ident) or (cls and not self.classList.contains(cls)):
                return False
            if name and (name not in self.attributes
                         or (value is not None and self.attributes[name] != value)):
                return False
        return True

    def querySelectorAll(self, selector: str) -> list[FakeElement]:
        """Every element below this one that matches ``selector``."""
        return [node for node in self.walk() if node.matches(selector)]

    def querySelector(self, selector: str) -> FakeElement | None:
        return next(iter(self.querySelectorAll(selector)), None)

    def closest(self, selector: str) -> FakeElement | None:
        """This element or its nearest ancestor element that matches ``selector``."""
        node: FakeElement | None = self
        while node is not None and not isinstance(node, FakeDocument):
            if node.matches(selector):
                return node
            node = node.parentNode
        return None

    # -- actions ------------------------------------------------------------------------------

    def addEventListener(self, event: str, callback: Callable[[Any], None]) -> None:
        """Call ``callback(event)`` for every ``event`` here or below (see :func:`fire`)."""
        self.listeners.setdefault(event, []).append(callback)

    def getBoundingClientRect(self) -> Box:
        """The element's box: :attr:`rect`, as the test set it."""
        return self.rect

    def focus(self) -> None:
        """Become the ``activeElement`` of the document the element is in, if any."""
        root = self
        while root.parentNode is not None:
            root = root.parentNode
        if isinstance(root, FakeDocument):
            root.activeElement = self

    def click(self) -> None:
        fire(self, "click")

    def setPointerCapture(self, pointer: int) -> None:
        """Capture the pointer: remembered as :attr:`captured`."""
        self.captured = pointer

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        """Close the dialog, which fires ``close``."""
        self.open = False
        fire(self, "close")


class FakeDocument(FakeElement):
    """The ``document``: the root of the tree, the maker of elements (not yet in it) and
    the finder of elements by id."""

    def __init__(self) -> None:
        """An empty document (see :func:`page_document`)."""
        super().__init__("#document")
        self.activeElement: FakeElement | None = None

    body = property(lambda self: self.querySelector("body"), doc="The body element.")

    def createElement(self, tag: str) -> FakeElement:
        return FakeElement(tag)

    def createElementNS(self, namespace: str, tag: str) -> FakeElement:
        return FakeElement(tag, namespace)

    def getElementById(self, ident: str) -> FakeElement | None:
        return next((node for node in self.walk() if node.id == ident), None)


class _Builder(HTMLParser):
    """Builds a page's elements into a document, each with its :class:`Source`."""

    def __init__(self, document: FakeDocument, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.open_elements: list[FakeElement] = [document]
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        namespace = SVG_NS if tag == "svg" else self.open_elements[-1].namespaceURI
        node = FakeElement(tag, namespace, {name: value or "" for name, value in attrs})
        start = self._offset()
        node.source = Source(start, start + len(self.get_starttag_text() or ""), {})
        self.open_elements[-1].appendChild(node)
        if tag not in VOID_TAGS:
            self.open_elements.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open_elements) - 1, 0, -1):
            node = self.open_elements[depth]
            if node.tagName.lower() == tag:
                if node.source is not None:
                    node.source.close = self._offset()
                    node.source.close_end = self.text.index(">", node.source.close) + 1
                del self.open_elements[depth:]
                return

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.open_elements[-1].text += data


def page_document(path: Path = INDEX_HTML) -> FakeDocument:
    """A document holding the elements of the page at ``path`` (the game's index.html)."""
    return parse_page(path.read_text(encoding="utf-8"))


def parse_page(text: str) -> FakeDocument:
    """A document holding the elements of the page ``text``, each remembering its
    :class:`Source`."""
    document = FakeDocument()
    builder = _Builder(document, text)
    builder.feed(text)
    builder.close()
    for node in document.walk():
        if node.source is not None:
            node.source.attributes = dict(node.attributes)
            node.source.text = node.text
            node.source.children = tuple(node.children)
            node.source.value = node.value
            node.source.checked = node.checked
    return document


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def start_tag(node: FakeElement) -> str:
    """The element's start tag as HTML, with its attributes as they are now, and the
    state a form control shows: ``value``, ``checked``, an option ``selected``."""
    attributes = dict(node.attributes)
    tag = node.tagName.lower() if node.namespaceURI is None else node.tagName
    if tag == "input":
        if node.value:
            attributes["value"] = node.value
        if node.checked:
            attributes["checked"] = ""
        else:
            attributes.pop("checked", None)
    menu = node.closest("select") if tag == "option" else None
    if menu is not None and menu.value != "" and attributes.get("value") == str(menu.value):
        attributes["selected"] = ""
    written = "".join(
        f' {name}="{_escape(value).replace(chr(34), "&quot;")}"' if value != "" else f" {name}"
        for name, value in attributes.items())
    return f"<{tag}{written}>"


def inner_html(node: FakeElement) -> str:
    """What the element holds, as HTML: its text, then its children."""
    return _escape(node.text) + "".join(outer_html(child) for child in node.children)


def outer_html(node: FakeElement) -> str:
    """The element as HTML."""
    tag = node.tagName.lower() if node.namespaceURI is None else node.tagName
    if node.namespaceURI is None and tag in VOID_TAGS:
        return start_tag(node)
    return f"{start_tag(node)}{inner_html(node)}</{tag}>"


def _edits(node: FakeElement, edits: list[tuple[int, int, str]]) -> None:
    """The edits that write what changed in ``node`` and below into its page's text."""
    source = node.source
    if source is None:
        return
    menu = node.parentNode if node.tagName == "OPTION" else None
    if (node.attributes != source.attributes or node.value != source.value
            or node.checked != source.checked
            or (menu is not None and menu.source is not None
                and menu.value != menu.source.value)):
        edits.append((source.start, source.open_end, start_tag(node)))
    if source.close is not None and (
            node.text != source.text or tuple(node.children) != source.children):
        edits.append((source.open_end, source.close, inner_html(node)))
        return
    for child in node.children:
        _edits(child, edits)


def apply_edits(text: str, edits: list[tuple[int, int, str]], offset: int = 0) -> str:
    """``text`` with each edit (start, end, replacement) made, the positions counted from
    ``offset``; edits must not overlap."""
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start - offset] + replacement + text[end - offset:]
    return text


def changed_markup(text: str, node: FakeElement) -> str:
    """The markup of ``node``, parsed from the page ``text`` (:func:`parse_page`), with
    what has changed in it since written in: the markup of an element whose text or
    children changed is written anew, the start tag of one whose attributes or form state
    changed; the rest stays as it was, character for character."""
    source = node.source
    if source is None or source.close_end is None:
        raise ValueError(f"{node!r} was not parsed from a page, or has no end tag")
    edits: list[tuple[int, int, str]] = []
    _edits(node, edits)
    return apply_edits(text[source.start:source.close_end], edits, source.start)


def fire(node: FakeElement, kind: str, **facts: Any) -> FakeEvent:
    """Dispatch a ``kind`` event at ``node`` with ``facts`` (``key="Enter"``,
    ``clientX=...``): the listeners of ``node``, then of each ancestor, hear it until one
    stops it. The event is returned (``defaultPrevented``: what a listener did)."""
    event = FakeEvent(kind, node, **facts)
    current: FakeElement | None = node
    while current is not None and not event.stopped:
        for callback in list(current.listeners.get(kind, [])):
            callback(event)
        current = current.parentNode
    return event


class FakeLocation:
    """The page's address, which remembers where it was sent (``location.replace``)."""

    def __init__(self, search: str = "", hash: str = "") -> None:
        """An address with this query and fragment."""
        self.search, self.hash = search, hash
        self.replaced: list[str] = []

    def replace(self, url: str) -> None:
        """Go to ``url`` (remembered in :attr:`replaced`)."""
        self.replaced.append(url)


class FakeWindow:
    """The ``window`` IntroView asks whether the screen is a touch screen, and the
    settings form leaves for the page of another language."""

    def __init__(self, touch: bool = False) -> None:
        """A touch screen when ``touch``, else a mouse."""
        self.touch = touch
        self.location = FakeLocation()

    def matchMedia(self, query: str) -> SimpleNamespace:
        """Whether ``query`` (only "(pointer: coarse)" is known) matches."""
        return SimpleNamespace(matches=self.touch and query == "(pointer: coarse)")
