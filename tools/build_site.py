"""Build the static site in ``_site/`` from the app and the pinned npm runtime.

The page must work from any sub-path (GitHub project pages live under ``/<repo>/``) and
must never reach a CDN, so everything it loads is copied next to ``index.html``:

- ``index.html`` with the page's first view painted in it (``paint_page.py``) and the
  style sheets and scripts of its head written into it (``site_inline.py``), in English,
  and the same page in each other language of the page, ``index.<code>.html``, its words
  and its painted view from that language's catalogue (``catalogues.py``); and
  ``web/**`` but its Python modules and catalogues (CSS, scripts, icons) as they are,
  with the two Python scripts PyScript runs, ``web/main-<hash>.py`` and
  ``web/ai_worker-<hash>.py``;
- ``python/tablut-<hash>.zip`` and ``python/web-<hash>.zip``: every module of the engine
  (but the native-only Tablut Challenge client) and of the page, with its byte code as
  Pyodide compiles it, one archive each (the page's with its compiled catalogues,
  ``web/locale/<code>.mo``, and the QR code library it draws with, ``segno/``, taken
  from the build's own environment with its license: see :func:`vendored_modules`),
  so that an interpreter fetches its Python in one
  or two requests rather than one a module and compiles none of it at start-up (see
  :func:`write_archive`);
- ``pyodide-<hash>/``: the interpreter files from ``node_modules/pyodide``;
- ``interpreter-<hash>.mjs`` and ``interpreter-<hash>.snapshot``: the module that starts
  that interpreter for PyScript (from ``web/interpreter.mjs``) and the memory snapshot it
  starts from (gzipped, made by ``tools/make_snapshot.mjs``), see
  :func:`write_interpreter`;
- ``pyscript/``: every ``*.js`` and ``*.css`` of ``node_modules/@pyscript/core/dist``
  (core.js imports content-hashed chunks lazily, so all of them must ship) but the unused
  ``service-worker.js``;
- the source maps that those runtime files name, from the same packages: only developer
  tools fetch them, but a map that is named and missing is a failed request there (the
  service worker does not precache them);
- ``pyscript-<hash>.toml`` (the page's interpreter) and ``pyscript-ai-<hash>.toml`` (the
  computer player's), written from the template in the repository with its ``[files]``
  table filled in with the archives each needs, unpacked into the interpreter's working
  directory: a new module ships without anyone listing it;
- ``sounds-<hash>/``: a move, a capture and the end of a game, synthesised by
  ``make_sounds.py``, which ``web/sounds.js`` plays;
- ``web/icon-192.png`` and ``web/icon-512.png`` for the web app manifest, and, last,
  ``sw.js``: the service worker that precaches every other file of the site under a
  cache version hashed from them all (see ``site_offline.py``).

``<hash>`` is a hash of the file's (or folder's) bytes, and ``web/start.js`` and the
configs are rewritten to name them so (see ``site_names.py``): a file that a page may
fetch after it has started never has the same name in two versions with other bytes,
so a page open while a new version is deployed keeps getting its own version's files.

Run ``npm ci`` first (``make site`` does), in the project's virtual environment (for
Babel, which compiles the catalogues), with Node.js, which npm comes with, to compile the
modules and make the snapshot.
"""

from __future__ import annotations

import argparse
import base64
import gettext
import hashlib
import importlib.metadata
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from catalogues import PSEUDO, compile_catalogue, page_name, translate_page, translations
from make_sounds import write_sounds
from paint_page import name_build, paint
from site_inline import InlineError, inline_head
from site_names import MissingReference, address, refer
from site_offline import write_icons, write_service_worker

from web.words.catalogue import LANGUAGES, SOURCE_LANGUAGE, install

ROOT = Path(__file__).resolve().parent.parent

#: Files of the ``pyodide`` npm package that the page loads. ``pyodide.asm.js`` is the
#: name older releases used for what 314 ships as ``pyodide.asm.mjs``; one must exist.
PYODIDE_FILES = ("pyodide.mjs", "pyodide-lock.json", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_ASM_CANDIDATES = ("pyodide.asm.mjs", "pyodide.asm.js")

#: Files of @pyscript/core's dist/ that the page never loads: ``service-worker.js`` is an
#: empty entry point for pages that sync a worker through a service worker of PyScript's,
#: which this page does not (it needs no synchronous DOM access from its worker).
PYSCRIPT_UNUSED = {"service-worker.js"}

#: ``//# sourceMappingURL=name`` (or ``/*# ... */`` in CSS) at the end of a runtime file.
SOURCE_MAP_URL = re.compile(r"[#@] sourceMappingURL=([^\s*'\"]+)")

#: Python packages shipped into the browser's virtual file system.
PYTHON_PACKAGES = ("tablut", "web")

#: The archives, each with the modules it holds (a package's folder, or single modules):
#: the engine; the page; and the computer player's worker, which needs of the page only
#: its side of the road between them (``web/computer/protocol.py``).
ARCHIVES = {
    "tablut": ("tablut/",),
    "web": ("web/", "segno/"),
    "worker": ("web/__init__.py", "web/computer/__init__.py", "web/computer/protocol.py",
               "web/computer/worker.py"),
}

#: Modules of those packages that only run natively: the Tablut Challenge client speaks
#: TCP and forks its search, which a page can do neither of; the static DOM is the
#: build's, which paints the page's first view with it (``paint_page.py``).
NATIVE_ONLY = ("tablut/challenge/", "web/bridge/static_dom.py")

#: Packages of the build's environment that the page imports, each with the modules of it
#: that it needs: segno draws the QR code of a live game's invitation (web/live/qr.py),
#: and its command line (cli.py) and its builders of vCards and Wi-Fi codes (helpers.py)
#: are never run in a page. Pinned by requirements.lock, as the build's tools are.
VENDORED = {"segno": ("__init__.py", "consts.py", "encoder.py", "utils.py", "writers.py")}

#: The scripts PyScript runs (``src=``), fetched as files; every other module of web/
#: travels in its archive only.
PYTHON_SCRIPTS = ("web/main.py", "web/ai_worker.py")

#: The interpreter's folder in the site, as copied from ``node_modules/pyodide``.
PYODIDE_FOLDER = "pyodide"

#: The module that starts the interpreter (PyScript's ``interpreter``), written to the
#: site's root from ``web/interpreter.mjs``, and the snapshot it starts it from.
INTERPRETER = "interpreter.mjs"
SNAPSHOT = "interpreter.snapshot"

#: The script that starts the page's Python and the computer's: it names the scripts,
#: the configs and the interpreter, so the build rewrites it with their new names.
START_SCRIPT = "web/start.js"

#: The configs written, each with the archives its interpreter unpacks: the page's needs
#: the engine and the page's modules, the computer player's the engine and its worker.
CONFIGS = {"pyscript.toml": ("tablut", "web"), "pyscript-ai.toml": ("tablut", "worker")}

#: The folder of the sounds the build makes (tools/make_sounds.py), and the script that
#: plays them, which names the folder.
SOUNDS = "sounds"
SOUND_PLAYER = "web/sounds.js"

#: Where the archives go in the site.
ARCHIVE_FOLDER = "python"

#: The date stamped on every archived file: the same bytes for the same modules, so the
#: service worker's cache version changes only when a module does.
ARCHIVE_DATE = (2020, 1, 1, 0, 0, 0)

#: The line of the pyscript.toml template that the generated ``[files]`` entries replace.
FILES_MARKER = "# @files: filled in by tools/build_site.py"

#: Never copied: byte code, editor and OS litter; web/sw.js and web/interpreter.mjs,
#: templates that the build fills in and writes to the site's root (a worker controls
#: only its own folder; the interpreter's module names files at the root); and the Python
#: modules, which travel in their archive.
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "*~", "sw.js", INTERPRETER,
                                 "*.py", "locale")


class BuildError(RuntimeError):
    """The site cannot be built; the message says what to do."""


def python_modules(root: Path, packages: tuple[str, ...] = PYTHON_PACKAGES) -> list[str]:
    """Return the POSIX paths, relative to ``root``, of every ``.py`` file of ``packages``."""
    found: list[str] = []
    for package in packages:
        base = root / package
        for path in sorted(base.rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if "__pycache__" not in path.parts and not name.startswith(NATIVE_ONLY):
                found.append(name)
    return found


def vendored_modules(packages: dict[str, tuple[str, ...]] = VENDORED) -> dict[str, bytes]:
    """The modules of :data:`VENDORED` packages as installed where the build runs, by
    their path in the page's archive (``segno/encoder.py``), each package with its license
    file (``segno/LICENSE``): a page that ships someone's code ships its license too."""
    files: dict[str, bytes] = {}
    for package, modules in packages.items():
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            raise BuildError(f"{package} is not installed: run the build in the project's "
                             "virtual environment (make site)")
        folder = Path(next(iter(spec.submodule_search_locations)))
        for module in modules:
            files[f"{package}/{module}"] = (folder / module).read_bytes()
        files[f"{package}/LICENSE"] = license_text(package)
    return files


def license_text(package: str) -> bytes:
    """The license file of the installed distribution ``package``."""
    try:
        found = importlib.metadata.distribution(package).files or []
    except importlib.metadata.PackageNotFoundError:
        found = []
    for path in found:
        if path.name.upper().startswith(("LICENSE", "LICENCE", "COPYING")):
            return path.locate().read_bytes()
    raise BuildError(f"the installed {package} has no license file")


def in_archive(name: str, modules: tuple[str, ...]) -> bool:
    """Whether the file ``name`` (a module, or its byte code under ``__pycache__``)
    belongs to an archive of ``modules`` (folders ending in ``/``, or module paths)."""
    folder, _, base = name.rpartition("/")
    if folder.endswith("__pycache__"):  # a/__pycache__/b.<tag>.pyc is the byte code of a/b.py
        name = f"{folder.removesuffix('__pycache__')}{base.split('.')[0]}.py"
    return any(name.startswith(m) if m.endswith("/") else name == m for m in modules)


def write_archive(files: dict[str, bytes], out: Path) -> Path:
    """Write ``files`` (path in the archive -> bytes: a package's modules and their byte
    code, see :func:`compile_modules`) into the zip archive ``out``, with fixed dates, so
    that the same modules make the same bytes. Compressed: byte code is larger than its
    source, but compresses to a third, so that the archive with both weighs what the
    sources alone did stored (a static host does not compress a zip file for its
    transfer)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=ARCHIVE_DATE)
            info.external_attr = 0o644 << 16
            archive.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out


def compile_modules(root: Path, sources: dict[str, bytes]) -> dict[str, bytes]:
    """The byte code of ``sources`` (module path -> source bytes) as the pinned Pyodide
    compiles it, by the path where its import system looks for it
    (``__pycache__/<module>.<tag>.pyc``): the page then imports its modules without
    compiling them, which was more than half of its import time. Made by Pyodide's own
    interpreter under Node.js (``tools/compile_python.mjs``), because byte code is read
    only by the Python version that wrote it."""
    request = json.dumps({path: data.decode("utf-8") for path, data in sources.items()})
    answer = run_node(root, "compile_python.mjs", [], request, "compiling the Python modules")
    return {path: base64.b64decode(data) for path, data in json.loads(answer).items()}


def run_node(root: Path, script: str, args: list[str], request: str, doing: str) -> str:
    """Run ``tools/<script>`` under Node.js with ``args`` and ``request`` on its standard
    input; return its standard output. ``doing`` names the step in a failure's message."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"Node.js is needed for {doing}: install nodejs")
    done = subprocess.run([node, str(root / "tools" / script), *args], input=request,
                          capture_output=True, text=True, cwd=root, check=False)
    if done.returncode != 0:
        raise BuildError(f"{doing} failed:\n{done.stderr.strip()}")
    return done.stdout


def write_interpreter(root: Path, out: Path) -> str:
    """Write the interpreter's snapshot and the module that starts the interpreter from it
    into ``out``, after the runtime is copied there, and name the interpreter's folder,
    the snapshot and the module after their bytes; return the module's new name.

    The snapshot is made from the site's own copy of Pyodide: the whole memory of its
    interpreter just after start-up, which a page restores instead of starting one (see
    ``web/interpreter.mjs``; about 0.75 s instead of 2.5 s in Chromium from a cold cache).
    """
    run_node(root, "make_snapshot.mjs", [str(out / PYODIDE_FOLDER), str(out / SNAPSHOT)], "",
             "making the interpreter's snapshot")
    names = {PYODIDE_FOLDER: address(out, PYODIDE_FOLDER), SNAPSHOT: address(out, SNAPSHOT)}
    template = (root / "web" / INTERPRETER).read_text(encoding="utf-8")
    (out / INTERPRETER).write_text(refer(template, names, INTERPRETER), encoding="utf-8")
    return address(out, INTERPRETER)


def render_config(template: str, archives: list[str]) -> str:
    """Return ``template`` with ``FILES_MARKER`` replaced by one ``[files]`` line an
    archive (a path relative to the config file).

    Each archive is fetched and unpacked into the interpreter's working directory (the
    ``/*`` destination), which is on ``sys.path``, so ``import tablut`` works in the page
    and in workers alike.
    """
    if FILES_MARKER not in template:
        raise BuildError(f"pyscript.toml has no line {FILES_MARKER!r} under [files]")
    # json.dumps gives a valid TOML basic string for these plain paths.
    entries = "\n".join(f"{json.dumps('./' + a)} = \"./*\"" for a in archives)
    return template.replace(FILES_MARKER, entries)


def copy_runtime(node_modules: Path, out: Path) -> list[Path]:
    """Copy Pyodide and PyScript from ``node_modules`` into ``out``; return what was copied."""
    pyodide = node_modules / "pyodide"
    core_dist = node_modules / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not core_dist.is_dir():
        raise BuildError(f"{node_modules} lacks pyodide or @pyscript/core: run `npm ci` first")

    asm = [name for name in PYODIDE_ASM_CANDIDATES if (pyodide / name).is_file()]
    if not asm:
        raise BuildError(f"{pyodide} has none of {PYODIDE_ASM_CANDIDATES}")
    copied: list[Path] = []
    (out / PYODIDE_FOLDER).mkdir(parents=True)
    for name in (*PYODIDE_FILES, *asm):
        source = pyodide / name
        if not source.is_file():
            raise BuildError(f"{source} is missing: is the pinned pyodide version installed?")
        copied.append(Path(shutil.copy2(source, out / PYODIDE_FOLDER / name)))

    (out / "pyscript").mkdir()
    for source in sorted(core_dist.iterdir()):
        if (source.suffix in {".js", ".css"} and source.is_file()
                and source.name not in PYSCRIPT_UNUSED):
            copied.append(Path(shutil.copy2(source, out / "pyscript" / source.name)))
    if not (out / "pyscript" / "core.js").is_file():
        raise BuildError(f"{core_dist} has no core.js")
    copied += copy_source_maps(copied, {out / PYODIDE_FOLDER: pyodide, out / "pyscript": core_dist})
    return copied


def source_map_names(text: str) -> list[str]:
    """The source maps a JavaScript or CSS file names (``sourceMappingURL=``), when they
    are files beside it (not ``data:`` URLs or addresses elsewhere)."""
    names = SOURCE_MAP_URL.findall(text)
    return [name for name in names if "/" not in name and ":" not in name]


def copy_source_maps(copied: list[Path], origins: dict[Path, Path]) -> list[Path]:
    """Copy beside each runtime file in ``copied`` the source maps it names, from the
    package folder it came from (``origins``: site folder -> package folder). Developer
    tools ask for them, and a missing one is a failed request there. A map the package
    does not ship is reported, not fatal: the end-to-end tests find it."""
    maps: list[Path] = []
    for path in copied:
        if path.suffix not in {".js", ".mjs", ".css"}:
            continue
        for name in source_map_names(path.read_text(encoding="utf-8", errors="replace")):
            source = origins[path.parent] / name
            if source.is_file():
                maps.append(Path(shutil.copy2(source, path.parent / name)))
            else:
                print(f"build_site: {path.name} names {name}, which its package lacks",
                      file=sys.stderr)
    return maps


def write_python(root: Path, out: Path, interpreter: str,
                 languages: tuple[str, ...]) -> dict[str, str]:
    """Write into ``out`` the scripts PyScript runs, the archives of the packages and the
    configs that name them and the interpreter (``interpreter``, its module as renamed),
    each under a content-addressed name; return their new names by their plain ones."""
    renames = {}
    for script in PYTHON_SCRIPTS:
        shutil.copy2(root / script, out / script)
        renames[script] = address(out, script)
    archives = {}
    # Every module read once, compiled in one run of the interpreter for all packages.
    sources = {module: (root / module).read_bytes() for module in python_modules(root)}
    vendored = vendored_modules()
    sources.update((name, data) for name, data in vendored.items() if name.endswith(".py"))
    files = {**vendored, **sources, **compile_modules(root, sources),
             **compiled_catalogues(root, languages)}
    for archive, modules in ARCHIVES.items():
        relative = f"{ARCHIVE_FOLDER}/{archive}.zip"
        write_archive({name: data for name, data in files.items()
                       if in_archive(name, modules)}, out / relative)
        archives[archive] = address(out, relative)
    template = (root / "pyscript.toml").read_text(encoding="utf-8")
    for name, packages in CONFIGS.items():
        text = render_config(template, [archives[package] for package in packages])
        text = refer(text, {INTERPRETER: interpreter}, name)
        (out / name).write_text(text, encoding="utf-8")
        renames[name] = address(out, name)
    return renames


def compiled_catalogues(root: Path, languages: tuple[str, ...]) -> dict[str, bytes]:
    """The compiled catalogue of every one of ``languages`` but English, by its path in
    the page's archive (``web/locale/<code>.mo``), where web/main.py reads the page's
    own."""
    return {f"web/locale/{language}.mo": compile_catalogue(language, root)
            for language in languages if language != SOURCE_LANGUAGE}


def paint_pages(root: Path, out: Path, renames: dict[str, str],
                languages: tuple[str, ...]) -> None:
    """Write the page in every language (:func:`catalogues.page_name`) from the site's
    ``index.html``: its words translated, its first view painted in that language
    (``tools/paint_page.py``), the style sheets and scripts of its head written into it
    (``tools/site_inline.py``), and the build named in it: a hash of the painted page and
    of the Python it runs (the archives' names are their contents' hashes), which changes
    whenever what the page draws can."""
    source = (out / "index.html").read_text(encoding="utf-8")
    for language in languages:
        words = translations(language, root)
        install(words, language)
        try:
            painted = inline_head(paint(translate_page(source, words, language)), out)
        finally:
            install(gettext.NullTranslations(), SOURCE_LANGUAGE)
        digest = hashlib.sha256(painted.encode("utf-8"))
        digest.update(json.dumps(sorted(renames.items())).encode("utf-8"))
        (out / page_name(language)).write_text(name_build(painted, digest.hexdigest()[:16]),
                                               encoding="utf-8")


def build(root: Path = ROOT, out: Path | None = None, pseudo: bool = False) -> Path:
    """Build the site of the repository at ``root`` into ``out`` (default ``root/_site``);
    with ``pseudo``, the tests' pseudo-language too (``index.qps.html``)."""
    languages = (*LANGUAGES, PSEUDO) if pseudo else tuple(LANGUAGES)
    out = out or root / "_site"
    for required in ("index.html", "pyscript.toml", "web", "tablut"):
        if not (root / required).exists():
            raise BuildError(f"{root / required} is missing")
    if out == root or out in root.parents:
        raise BuildError(f"refusing to replace {out}: it holds the repository")
    if out.exists():
        # Start clean so that a module deleted from the repository leaves the site too.
        shutil.rmtree(out)
    out.mkdir(parents=True)

    shutil.copy2(root / "index.html", out / "index.html")
    shutil.copytree(root / "web", out / "web", ignore=IGNORED)
    copy_runtime(root / "node_modules", out)
    renames = {INTERPRETER: write_interpreter(root, out)}
    renames.update(write_python(root, out, renames[INTERPRETER], languages))
    # The one file that names the scripts, the configs and the interpreter.
    start = out / START_SCRIPT
    start.write_text(refer(start.read_text(encoding="utf-8"), renames, START_SCRIPT),
                     encoding="utf-8")
    # The sounds, named after their bytes (a page fetches one when it first plays it).
    write_sounds(out / SOUNDS)
    sounds = {SOUNDS: address(out, SOUNDS)}
    player = out / SOUND_PLAYER
    player.write_text(refer(player.read_text(encoding="utf-8"), sounds, SOUND_PLAYER),
                      encoding="utf-8")
    # The pages, once the scripts they hold are final (site_inline.py).
    paint_pages(root, out, renames, languages)
    # GitHub Pages would otherwise run Jekyll over the site, for nothing.
    (out / ".nojekyll").write_text("", encoding="utf-8")
    write_icons(out / "web")
    # Last: the service worker lists and hashes every file written before it.
    write_service_worker(root / "web" / "sw.js", out)
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python tools/build_site.py [--out DIR] [--pseudo]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder")
    parser.add_argument("--pseudo", action="store_true",
                        help="add the tests' pseudo-language (index.qps.html)")
    args = parser.parse_args(argv)
    try:
        out = build(ROOT, args.out.resolve(), args.pseudo)
    except (BuildError, MissingReference, InlineError) as error:
        print(f"build_site: {error}", file=sys.stderr)
        return 1
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"build_site: {len(files)} files, {size / 1e6:.1f} MB in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
