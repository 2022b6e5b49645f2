"""The packages of pyvmvx import in one direction only (docs/architecture.md).

Every `import`/`from … import` of a pyvmvx module, at any depth in a function (lazy imports
count too), is read from the source; an import of a package listed later in `LAYERS` than the
importer's own is a violation. Inside `transforms`, a pass module may not import another pass
module: shared code lives in a lower package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "pyvmvx"

LAYERS = (
    "runtime",
    "ir",
    "dialects",
    "interfaces",
    "conversion",
    "transforms",
    "target",
    "compiler",
    "tools",
)
"""Lowest first: a package may import those before it (and itself), never one after it."""

TOP_LEVEL = {"__init__": "compiler", "universe": "transforms"}
"""Modules directly in `pyvmvx/`, with the layer they sit at."""

TRANSFORM_HELPERS = {"__init__", "tile_policy", "pipelines", "ukernel_calls"}
"""Modules of `transforms` that any pass may import: the registry, the tile policy, the
pipeline builder and the ukernel lowerings' shared helpers."""

PIPELINES = {"pipelines", "linking_pipeline", "lower_executable_target"}
"""Passes made of passes (IREE's pipelines and `LowerExecutableTarget`): they may run others."""

COMPILER_USERS = {"const_eval"}
"""Passes that compile and run a sub-program with the whole compiler (IREE's const-eval JIT
does the same): they may import `compiler`."""


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 2:
        return TOP_LEVEL.get(parts[1], parts[1])
    return parts[1]


def _module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__" and len(parts) > 2:  # pyvmvx/__init__ stays a module of its own
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, module) of every pyvmvx import in `path`, relative imports resolved."""
    package = _module_name(path, root)
    if path.name != "__init__.py" or package == "pyvmvx.__init__":
        package = package.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join([*base, *([node.module] if node.module else [])])
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            # `from pyvmvx.transforms import x` may name a submodule
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
    return [(line, name) for line, name in found if name.startswith("pyvmvx.")]


def violations(root: Path = ROOT) -> list[str]:
    """Every import that goes up the layering, as `file:line: a -> b`."""
    problems: dict[tuple[Path, int], str] = {}  # one report per import statement
    for path in sorted(root.rglob("*.py")):
        importer = _module_name(path, root)
        own = LAYERS.index(_layer(importer))
        for line, imported in _imports(path, root):
            target = _layer(imported)
            if target not in LAYERS:
                continue  # a name imported from a package's __init__, not a module
            where = f"{path.relative_to(root.parent)}:{line}: {importer} -> {imported}"
            if LAYERS.index(target) > own and not (
                target == "compiler"
                and importer.startswith("pyvmvx.transforms.")
                and importer.split(".")[2] in COMPILER_USERS
            ):
                problems.setdefault((path, line), where)
            elif (
                importer.startswith("pyvmvx.transforms.")
                and imported.startswith("pyvmvx.transforms.")
                and importer.split(".")[2] not in PIPELINES
                and imported.split(".")[2] not in TRANSFORM_HELPERS
            ):
                problems.setdefault((path, line), where + " (a pass imports another pass)")
    return list(problems.values())


def test_every_package_imports_only_lower_layers() -> None:
    assert violations() == []


def test_every_package_is_in_a_layer() -> None:
    packages = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(LAYERS)


@pytest.mark.parametrize(
    ("path", "source", "expected"),
    [
        ("ir/helper.py", "from pyvmvx.dialects import hal\n", "pyvmvx.ir.helper -> "),
        ("runtime/x.py", "import pyvmvx.compiler.driver\n", "pyvmvx.runtime.x -> "),
        ("dialects/d.py", "def f():\n    from pyvmvx.transforms import x\n", "dialects.d -> "),
        ("transforms/a_pass.py", "from .b_pass import B\n", "a pass imports another pass"),
    ],
)
def test_an_upward_import_is_reported(
    tmp_path: Path, path: str, source: str, expected: str
) -> None:
    root = tmp_path / "pyvmvx"
    for layer in LAYERS:
        (root / layer).mkdir(parents=True)
        (root / layer / "__init__.py").write_text("")
    (root / path).write_text(source)
    found = violations(root)
    assert len(found) == 1 and expected in found[0]
