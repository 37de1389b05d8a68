"""The review's words: how far it has come, each side's mistakes, and what the move list
says of a mistake."""

from __future__ import annotations

from tablut import Side
from web.models.review import Mistake, Review
from web.words.texts import plural, whole_move


def mistake_words(mistake: Mistake, size: int = 9) -> str:
    """What the move list says of a mistake on the board of ``size``: "a mistake:
    better d1-d4"."""
    what = "throws away the win" if mistake.lost_win else "a mistake"
    return f"{what}: better {whole_move(mistake.better, size)}"


def review_summary(review: Review) -> str:
    """How far the review has come, or how many mistakes each side made."""
    judged, positions = len(review.judgements), review.plies + 1
    if not review.finished():
        if review.stopped:
            return f"Review stopped at {judged} of {positions} positions."
        return f"Reviewing: {judged} of {positions} positions."
    counts = review.mistake_counts()
    parts = [f"{side.word.capitalize()} {plural(counts[side], 'mistake')}" for side in Side]
    return "Review done: " + ", ".join(parts) + "."
