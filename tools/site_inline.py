"""Put what the page's first paint waits for into the page itself.

Every style sheet and classic script in ``<head>`` blocks the first paint: the browser
draws nothing until each is fetched (and the scripts run), and on a first visit each is a
request more over the network, in parallel but at least a round trip after the page's
own. So the build writes their text into the page: the page's one request paints it
(the board painted at build time, ``paint_page.py``). The files stay in the site, as the
service worker lists them, but the page no longer asks for them.

Only ``<link rel="stylesheet" href="./...">`` and ``<script src="./..."></script>`` of
``<head>`` with relative addresses are inlined, in place, so that they run in the same
order as before; module scripts and anything in ``<body>`` stay as they are.
"""

from __future__ import annotations

import re
from pathlib import Path

#: A style sheet or a classic script of the page's head, by its relative address.
HEAD_RESOURCE = re.compile(
    r'<link rel="stylesheet" href="\./(?P<css>[^"]+)">'
    r'|<script src="\./(?P<js>[^"]+)"></script>')


class InlineError(RuntimeError):
    """A resource of the page's head cannot be written into it."""


def _inline(match: re.Match[str], site: Path) -> str:
    name = match.group("css") or match.group("js")
    path = site / name
    if not path.is_file():
        raise InlineError(f"the page's head names {name}, which the site does not have")
    text = path.read_text(encoding="utf-8")
    tag = "style" if match.group("css") else "script"
    # Its end tag would end the element early: such a file stays a file.
    if f"</{tag}" in text.lower():
        raise InlineError(f"{name} holds '</{tag}' and cannot be written into the page")
    return f"<{tag}>/* {name} */\n{text.rstrip()}\n</{tag}>"


def inline_head(page: str, site: Path) -> str:
    """``page`` with the style sheets and classic scripts of its ``<head>`` (files of
    ``site``) written into it in place."""
    end = page.find("</head>")
    if end < 0:
        raise InlineError("the page has no </head>")
    head = HEAD_RESOURCE.sub(lambda match: _inline(match, site), page[:end])
    return head + page[end:]
