"""The built site names every file a page fetches after it has started after its bytes,
and every file that refers to one names it so (tools/site_names.py, tools/build_site.py):
a page open while a new version is deployed can never get another version's bytes under
the name it asks for. tests/e2e/test_update.py plays that deploy in the browser."""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from site_names import (  # noqa: E402
    NAME_HASH_LENGTH,
    MissingReference,
    address,
    addressed_name,
    refer,
)

#: A quoted reference to a file of the site, as start.js and the configs write them.
REFERENCE = re.compile(r'"\./([^"]+)"')


def test_a_name_takes_the_hash_before_its_suffixes() -> None:
    digest = "0123456789abcdef" * 4
    assert addressed_name("tablut.zip", digest) == "tablut-0123456789ab.zip"
    assert addressed_name("pyscript-ai.toml", digest) == "pyscript-ai-0123456789ab.toml"
    assert addressed_name("pyodide", digest) == "pyodide-0123456789ab"


def test_a_file_and_a_folder_are_renamed_after_their_bytes(tmp_path: Path) -> None:
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "main.py").write_text("print('one')\n")
    (tmp_path / "runtime").mkdir()
    (tmp_path / "runtime" / "a.js").write_text("a")
    renamed = address(tmp_path, "web/main.py")
    digest = hashlib.sha256(b"print('one')\n").hexdigest()[:NAME_HASH_LENGTH]
    assert renamed == f"web/main-{digest}.py"
    assert (tmp_path / renamed).read_text() == "print('one')\n"
    assert not (tmp_path / "web" / "main.py").exists()
    folder = address(tmp_path, "runtime")
    assert re.fullmatch(rf"runtime-[0-9a-f]{{{NAME_HASH_LENGTH}}}", folder)
    assert (tmp_path / folder / "a.js").read_text() == "a"
    # The same bytes, the same name; other bytes, another name.
    (tmp_path / "again").mkdir()
    (tmp_path / "again" / "main.py").write_text("print('one')\n")
    assert address(tmp_path, "again/main.py") == f"again/main-{digest}.py"
    (tmp_path / "again" / "main.py").write_text("print('two')\n")
    assert address(tmp_path, "again/main.py") != f"again/main-{digest}.py"


def test_references_are_rewritten_and_a_missing_one_stops_the_build() -> None:
    text = 'var MAIN = "./web/main.py";\nvar PYODIDE = "./pyodide/pyodide.mjs";\n'
    renames = {"web/main.py": "web/main-1.py", "pyodide": "pyodide-2"}
    assert refer(text, renames, "start.js") == (
        'var MAIN = "./web/main-1.py";\nvar PYODIDE = "./pyodide-2/pyodide.mjs";\n')
    with pytest.raises(MissingReference, match=r'start\.js does not name "\./web/ai\.py"'):
        refer(text, {"web/ai.py": "web/ai-3.py"}, "start.js")


def test_the_built_site_names_only_files_it_has() -> None:
    # The site `make test` built first, as it is deployed (and as the browser tests use it).
    site = ROOT / "_site"
    if not (site / "index.html").is_file():
        pytest.fail("_site/ is not built: run `make site` (or `make test`) first")
    start = (site / "web" / "start.js").read_text(encoding="utf-8")
    configs = sorted(site.glob("pyscript*.toml"))
    patterns = (rf"pyscript-ai-[0-9a-f]{{{NAME_HASH_LENGTH}}}\.toml",
                rf"pyscript-[0-9a-f]{{{NAME_HASH_LENGTH}}}\.toml")
    assert len(configs) == len(patterns)
    for pattern in patterns:
        assert sum(bool(re.fullmatch(pattern, config.name)) for config in configs) == 1
    named = set(REFERENCE.findall(start))
    for config in configs:
        named |= set(REFERENCE.findall(config.read_text(encoding="utf-8")))
    named.discard("*")  # a config's "./*": where an archive is unpacked
    assert named and all((site / name).is_file() for name in named), named
    # Every file a page fetches after it has started is content-addressed: but PyScript's
    # core.js, loaded at once (its chunks are content-hashed by PyScript's own build),
    # and sw.js, whose one name is how the browser finds a new version.
    late = {name for name in named if not name.startswith("pyscript/") and name != "sw.js"}
    assert late, named
    for name in late:
        path = site / name
        hashed = path.parent if path.parent.name.startswith("pyodide-") else path
        assert re.search(rf"-[0-9a-f]{{{NAME_HASH_LENGTH}}}(\.|$)", hashed.name), name
    # None of the names that every version shares is left for those files.
    for plain in ("web/main.py", "web/ai_worker.py", "pyscript.toml", "pyscript-ai.toml",
                  "python/tablut.zip", "python/web.zip", "pyodide"):
        assert not (site / plain).exists(), plain
