"""Where the page keeps things: a key-value store of text (the browser's localStorage in
the page, a dict in the tests), and the rules the page follows with it.

Nothing read from storage is trusted: it is shared with other tabs, older and newer
versions of the page, and anyone with developer tools. A stored record that cannot be
read is never overwritten unseen: it is first kept aside under :func:`backup_key`.
"""

from __future__ import annotations

from typing import Protocol

from web.models.state import STORAGE_KEY, PageState, StateError
from web.words.catalogue import _


class Storage(Protocol):
    """A store of text under text keys."""

    def get(self, key: str) -> str | None:
        """The text stored under ``key``, or None."""
        ...

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``; raises when the store refuses (full, or off)."""
        ...


class MemoryStorage:
    """A :class:`Storage` in a dict (for the tests, and for a browser that keeps
    nothing)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        """A store holding ``items``."""
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        """See :meth:`Storage.get`."""
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        """See :meth:`Storage.set`."""
        self.items[key] = value


def backup_key(key: str, timestamp_ms: int) -> str:
    """The key under which an unreadable record once stored under ``key`` is kept."""
    return f"{key}.backup.{timestamp_ms}"


def keep_aside(storage: Storage, key: str, text: str, timestamp_ms: int) -> str:
    """Keep ``text``, read under ``key`` but unreadable, under its backup key; return
    the words that tell a person where it is (or that it could not be kept)."""
    aside = backup_key(key, timestamp_ms)
    try:
        storage.set(aside, text)
    except Exception:  # noqa: BLE001 - storage full or off: say so, lose nothing else
        # Translators: ends "The saved game could not be read (...). A new game has
        # started; {kept}.".
        return _("the old record could not be kept")
    # Translators: ends "The saved game could not be read (...). A new game has started;
    # {kept}."; {key} is a storage key, as "tablut.state.backup.1700000000000".
    return _("the old record is kept in this browser's storage as {key}").format(key=aside)


def load_state(storage: Storage, timestamp_ms: int) -> tuple[PageState, str | None]:
    """The page state saved in ``storage``, or a fresh one and a message saying why the
    saved one could not be used (it is then kept aside)."""
    try:
        raw = storage.get(STORAGE_KEY)
    except Exception as error:  # noqa: BLE001 - storage disabled
        # Translators: {error} is what the browser said when asked for its storage.
        return PageState(), _("This browser keeps no saved games ({error}).").format(
            error=error)
    if raw is None:
        return PageState(), None
    try:
        return PageState.from_json(raw), None
    except StateError as error:
        kept = keep_aside(storage, STORAGE_KEY, raw, timestamp_ms)
        # Translators: {error} says why the saved game could not be read ("it holds no
        # game"); {kept} says where the unreadable record was kept, or that it was not.
        return PageState(), _("The saved game could not be read ({error}). A new game has "
                              "started; {kept}.").format(error=error, kept=kept)
