"""The "How to play" lesson: steps made from a rule set's parameters, judged by the
engine's own rules, on a board of its own."""
