"""Tablut: the rules engine, as plain Python with no dependencies.

The same code runs natively (``python -m tablut``) and in the browser under Pyodide.
"""
