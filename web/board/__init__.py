"""The board component: an SVG board that draws what it is given (position, legal
targets, marks, arrows) and reports the moves a person makes on it, by pointer or keys.
It knows no rules and reads no session."""
