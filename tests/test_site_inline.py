"""The page's head, written into the page (tools/site_inline.py): nothing the first paint
waits for is a request of its own."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from site_inline import InlineError, inline_head  # noqa: E402

PAGE = """<!doctype html><html><head>
  <link rel="icon" href="./web/icon.svg">
  <link rel="stylesheet" href="./web/a.css">
  <script src="./web/one.js"></script>
  <script src="./web/two.js"></script>
  <script type="module" src="./web/mod.js"></script>
</head><body><script src="./web/body.js"></script></body></html>"""


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "web").mkdir()
    for name, text in {"a.css": "body { color: red; }", "one.js": "var one = 1;",
                       "two.js": "var two = one + 1;", "body.js": "", "mod.js": ""}.items():
        (tmp_path / "web" / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_heads_style_sheets_and_scripts_are_written_in_place_and_in_order(
        site: Path) -> None:
    page = inline_head(PAGE, site)
    assert "<style>/* web/a.css */\nbody { color: red; }\n</style>" in page
    assert page.index("var one = 1;") < page.index("var two = one + 1;")
    assert 'href="./web/a.css"' not in page and 'src="./web/one.js"' not in page
    # The icon, a module script and the body's scripts are left as they are.
    assert '<link rel="icon" href="./web/icon.svg">' in page
    assert '<script type="module" src="./web/mod.js"></script>' in page
    assert '<script src="./web/body.js"></script>' in page


def test_a_file_that_would_end_its_element_early_is_refused(site: Path) -> None:
    (site / "web" / "one.js").write_text("var html = '</SCRIPT>';", encoding="utf-8")
    with pytest.raises(InlineError, match="one.js"):
        inline_head(PAGE, site)


def test_a_missing_file_is_named(site: Path) -> None:
    (site / "web" / "two.js").unlink()
    with pytest.raises(InlineError, match="two.js"):
        inline_head(PAGE, site)


def test_the_built_page_asks_for_nothing_before_its_first_paint() -> None:
    built = ROOT / "_site" / "index.html"
    if not built.is_file():
        pytest.skip("_site/ is not built: run `make site`")
    head = built.read_text(encoding="utf-8").split("</head>")[0]
    assert 'rel="stylesheet"' not in head
    assert "<script src=" not in head
