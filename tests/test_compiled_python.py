"""The site ships its Python with byte code that the page's own interpreter reads: every
module of the archives has its ``.pyc`` where Pyodide's import system looks for it, and
Pyodide (run by Node.js, as in tests/test_pyodide_engine.py) imports the archived
modules from that byte code, not by compiling their source (tools/build_site.py,
tools/compile_python.mjs)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

#: Unpacks each archive into Pyodide's file system as PyScript does (``./*``: the working
#: directory), replaces the source of one module with text that does not compile, then
#: imports every module and prints what happened as JSON.
IMPORT_ALL = """
import { readFileSync } from "node:fs";
import { join } from "node:path";
const [root, broken, ...archives] = process.argv.slice(2);
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") });
for (const archive of archives) pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip");
pyodide.FS.writeFile(broken, "this is not Python (\\n");
pyodide.globals.set("broken", broken);
process.stdout.write(pyodide.runPython(`
import importlib, importlib.util, json, os, sys
sys.path.insert(0, os.getcwd())
modules = []
for folder, _, names in os.walk("."):
    for name in names:
        if name.endswith(".py") and "__pycache__" not in folder:
            modules.append(os.path.normpath(os.path.join(folder, name)))
missing = [m for m in modules if not os.path.exists(importlib.util.cache_from_source(m))]
errors = {}
for path in sorted(modules):
    name = path[:-3].replace("/", ".").removesuffix(".__init__")
    try:
        importlib.import_module(name)
    except Exception as error:
        errors[name] = repr(error)
json.dumps({"modules": len(modules), "missing": missing, "errors": errors})
`) + "\\n");
"""


@pytest.fixture(scope="module")
def archives(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The site's two archives, built from this checkout."""
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("needs Node.js and the npm packages (npm ci)")
    out = tmp_path_factory.mktemp("site")
    (out / "web").mkdir()
    build_site.write_python(ROOT, out, "pyodide", ("en", "sv"))
    return sorted((out / build_site.ARCHIVE_FOLDER).glob("*.zip"))


def test_every_archived_module_has_its_byte_code(archives: list[Path]) -> None:
    for archive in archives:
        names = zipfile.ZipFile(archive).namelist()
        sources = [name for name in names if name.endswith(".py")]
        compiled = {name for name in names if name.endswith(".pyc")}
        assert sources and len(compiled) == len(sources)
        for source in sources:
            folder, _, module = source.rpartition("/")
            assert any(name.startswith(f"{folder}/__pycache__/{module[:-3]}.cpython-")
                       for name in compiled), source


def test_the_archives_are_compressed_and_the_page_holds_its_catalogues(
        archives: list[Path]) -> None:
    """A static host sends a zip archive as it is: its files are deflated (byte code and
    catalogues to a third or less), and the page's archive holds the compiled catalogue of
    every language but English."""
    for archive in archives:
        entries = zipfile.ZipFile(archive).infolist()
        assert {entry.compress_type for entry in entries} == {zipfile.ZIP_DEFLATED}
        assert sum(e.compress_size for e in entries) < sum(e.file_size for e in entries) / 2
    page = next(archive for archive in archives if archive.name.startswith("web-"))
    catalogues = [n for n in zipfile.ZipFile(page).namelist() if n.startswith("web/locale/")]
    assert catalogues == ["web/locale/sv.mo"]


def test_pyodide_imports_the_archived_byte_code_not_the_source(
        archives: list[Path], tmp_path: Path) -> None:
    script = tmp_path / "import_all.mjs"
    script.write_text(IMPORT_ALL, encoding="utf-8")
    # The board's source no longer compiles: only its byte code can be imported.
    done = subprocess.run(["node", str(script), str(ROOT), "tablut/board.py",
                           *map(str, archives)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["modules"] >= 60
    assert report["missing"] == []
    # Every module imports (the page's own need the browser and are left out).
    assert {name for name in report["errors"] if not name.startswith("web.")} == set()
    assert "tablut.board" not in report["errors"]


#: Unpacks the archives as IMPORT_ALL does and prints the QR code of argv's text as the
#: page's interpreter computes it (web/live/qr.py with the shipped segno), as JSON.
QR_IN_PYODIDE = """
import { readFileSync } from "node:fs";
import { join } from "node:path";
const [root, text, ...archives] = process.argv.slice(2);
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") });
for (const archive of archives) pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip");
pyodide.globals.set("text", text);
process.stdout.write(pyodide.runPython(`
import json, os, sys
sys.path.insert(0, os.getcwd())
import segno
from web.live.qr import qr_rows
json.dumps({"segno": segno.__file__, "rows": qr_rows(text)})
`) + "\\n");
"""


def test_the_page_ships_segno_with_its_license(archives: list[Path]) -> None:
    """segno, which draws a live game's QR code, travels in the page's archive with its
    license, and only there; its command line and helpers stay behind."""
    page = next(archive for archive in archives if archive.name.startswith("web-"))
    with zipfile.ZipFile(page) as opened:
        names = set(opened.namelist())
        license_text = opened.read("segno/LICENSE").decode("utf-8")
    assert {f"segno/{module}" for module in build_site.VENDORED["segno"]} <= names
    assert "segno/__init__.py" in names and "segno/cli.py" not in names
    assert "Lars Heuer" in license_text and "Redistribution and use" in license_text
    for other in archives:
        if other != page:
            assert not any(n.startswith("segno/") for n in zipfile.ZipFile(other).namelist())


def test_the_page_draws_the_same_qr_code(archives: list[Path], tmp_path: Path) -> None:
    from web.live.qr import qr_rows

    script = tmp_path / "qr.mjs"
    script.write_text(QR_IN_PYODIDE, encoding="utf-8")
    text = "https://example.github.io/tablut/#live=ASAE3ZYHGCyp2q242_sR6rBy5QZ4vMt3JrPyiFl"
    done = subprocess.run(["node", str(script), str(ROOT), text, *map(str, archives)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["segno"].endswith("/segno/__init__.py")
    assert [tuple(row) for row in report["rows"]] == list(qr_rows(text))
