"""The review's words: how far it has come, each side's mistakes, and what the move list
says of a mistake."""

from __future__ import annotations

from tablut import Side
from web.models.review import Mistake, Review
from web.words.catalogue import _, ngettext
from web.words.sides import side_name
from web.words.texts import whole_move


def mistake_words(mistake: Mistake, size: int = 9) -> str:
    """What the move list says of a mistake on the board of ``size``: "a mistake:
    better d1-d4"."""
    better = whole_move(mistake.better, size)
    if mistake.lost_win:
        # Translators: said of a move in the move list, after it ("e3-e5, throws away
        # the win: better d1-d4"); {move} is the better move.
        return _("throws away the win: better {move}").format(move=better)
    # Translators: said of a move in the move list, after it ("e3-e5, a mistake: better
    # d1-d4"); {move} is the better move.
    return _("a mistake: better {move}").format(move=better)


def review_summary(review: Review) -> str:
    """How far the review has come, or how many mistakes each side made."""
    judged, positions = len(review.judgements), review.plies + 1
    if not review.finished():
        if review.stopped:
            # Translators: {judged} positions of the game's {count} were reviewed.
            return ngettext("Review stopped at {judged} of {count} position.",
                            "Review stopped at {judged} of {count} positions.",
                            positions).format(judged=judged, count=positions)
        # Translators: {judged} positions of the game's {count} are reviewed so far.
        return ngettext("Reviewing: {judged} of {count} position.",
                        "Reviewing: {judged} of {count} positions.",
                        positions).format(judged=judged, count=positions)
    counts = review.mistake_counts()
    # Translators: one side's mistakes in "Review done: {black}, {white}.": {side} is
    # "Black" or "White".
    parts = {side: ngettext("{side} {count} mistake", "{side} {count} mistakes",
                            counts[side]).format(side=side_name(side), count=counts[side])
             for side in Side}
    # Translators: {black} and {white} are each side's mistakes ("Black 0 mistakes").
    return _("Review done: {black}, {white}.").format(black=parts[Side.BLACK],
                                                      white=parts[Side.WHITE])
