"""The DOM bridge: building elements and listening to events, and the document that the
page's Python reaches from a worker through web/dom_agent.js, in batches."""
