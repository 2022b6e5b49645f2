"""The import registry: every native module's compile-side declarations against its exports.

`pyvmvx.runtime.modules.registry.MODULES` names the native modules; the compiler declares the
imports of each in `pyvmvx/dialects/<name>_imports.mlir`. For every registered module both
sides must list the same names with the same calling conventions, and the `vmvx` module must
hold IREE's 32 exports exactly as IREE has them (pyvmvx's own kernels go under `ex.`). Copies
with one entry altered show that the check reports exactly that difference.
"""

from collections.abc import Callable, Mapping

import pytest
import vmvx_reference as ref
from xdsl.dialects.builtin import FunctionType, ModuleOp, StringAttr, i64

from pyvmvx.dialects.vm import calling_convention, declared_imports, load_imports
from pyvmvx.runtime.modules.registry import MODULES, RegisteredModule

BINARY = "0rIIIrIIIrIIIII_v"
UNARY = "0rIIIrIIIII_v"

IREE_VMVX_EXPORTS = {
    **{
        name: BINARY
        for name in (
            "add.2d.f32 add.2d.i32 and.2d.i32 div.2d.f32 divs.2d.i32 divu.2d.i32 mul.2d.f32 "
            "mul.2d.i32 or.2d.i32 shl.2d.i32 shrs.2d.i32 shru.2d.i32 sub.2d.f32 sub.2d.i32 "
            "xor.2d.i32"
        ).split()
    },
    **{
        name: UNARY
        for name in (
            "abs.2d.f32 ceil.2d.f32 ctlz.2d.i32 exp.2d.f32 floor.2d.f32 log.2d.f32 neg.2d.f32 "
            "rsqrt.2d.f32 copy.2d.x8 copy.2d.x16 copy.2d.x32 copy.2d.x64"
        ).split()
    },
    "fill.2d.x32": "0irIIII_v",
    "mmt4d": "0rIIrIIrIIIIIiiii_v",
    "pack": "0rIIIrIIIIIIIIIIi_v",
    "unpack": "0rIIIrIIIIIIIIIi_v",
    "query_tile_sizes.2d": "0IIi_II",
}
"""IREE's `vmvx` exports (`vmvx.imports.mlir`, `exports.inl`) and their calling conventions."""


def declared(imports: ModuleOp) -> dict[str, str]:
    """Name -> calling convention of each `vm.import` of a module's declarations."""
    return {name: calling_convention(op) for name, op in declared_imports(imports).items()}


def exported(module: RegisteredModule) -> dict[str, str]:
    """Name -> calling convention of each export of a runtime module."""
    return {name: module.signature(name) for name in module}


def mismatches(declarations: Mapping[str, str], exports: Mapping[str, str]) -> list[str]:
    """Every difference between a module's declarations and its exports, one line each."""
    problems = [f"{name}: declared, not exported" for name in declarations if name not in exports]
    problems += [f"{name}: exported, not declared" for name in exports if name not in declarations]
    problems += [
        f"{name}: declared {convention}, exported {exports[name]}"
        for name, convention in declarations.items()
        if name in exports and exports[name] != convention
    ]
    return problems


@pytest.mark.parametrize("name", sorted(MODULES))
def test_declarations_match_exports(name: str) -> None:
    module = MODULES[name]()
    assert module.name == name
    assert mismatches(declared(load_imports(name)), exported(module)) == []


@pytest.mark.parametrize(
    "conventions",
    [lambda: declared(load_imports("vmvx")), lambda: exported(MODULES["vmvx"]())],
    ids=["declared", "exported"],
)
def test_vmvx_has_iree_s_32_exports_exactly(conventions: Callable[[], dict[str, str]]) -> None:
    actual = conventions()
    assert len(IREE_VMVX_EXPORTS) == 32
    assert {name: actual.get(name) for name in IREE_VMVX_EXPORTS} == IREE_VMVX_EXPORTS
    assert all(name.startswith("ex.") for name in actual.keys() - IREE_VMVX_EXPORTS.keys())


def test_scalar_reference_implements_iree_s_32() -> None:
    assert ref.SIGNATURES == IREE_VMVX_EXPORTS


def test_only_registered_modules_have_declarations() -> None:
    with pytest.raises(ValueError, match="no registered import module 'nothing'"):
        load_imports("nothing")


def _rename(imports: ModuleOp) -> None:
    declared_imports(imports)["add.2d.f32"].sym_name = StringAttr("add.2d.f33")


def _widen_flags(imports: ModuleOp) -> None:
    op = declared_imports(imports)["mmt4d"]
    inputs = [*op.function_type.inputs.data[:-1], i64]
    op.function_type = FunctionType.from_lists(inputs, op.function_type.outputs.data)


def _drop(imports: ModuleOp) -> None:
    declared_imports(imports)["copy.2d.x8"].detach()


def _keep(imports: ModuleOp) -> None:
    pass


@pytest.mark.parametrize(
    ("alter_declarations", "alter_exports", "expected"),
    [
        pytest.param(
            _rename,
            {},
            ["add.2d.f33: declared, not exported", "add.2d.f32: exported, not declared"],
            id="declaration renamed",
        ),
        pytest.param(
            _widen_flags,
            {},
            ["mmt4d: declared 0rIIrIIrIIIIIiiiI_v, exported 0rIIrIIrIIIIIiiii_v"],
            id="declared convention changed",
        ),
        pytest.param(_drop, {}, ["copy.2d.x8: exported, not declared"], id="declaration missing"),
        pytest.param(
            _keep,
            {"pack": None, "pack.2d": "0rIIIrIIIIIIIIIIi_v"},
            ["pack: declared, not exported", "pack.2d: exported, not declared"],
            id="export renamed",
        ),
        pytest.param(
            _keep,
            {"fill.2d.x32": "0irIII_v"},
            ["fill.2d.x32: declared 0irIIII_v, exported 0irIII_v"],
            id="exported convention changed",
        ),
        pytest.param(
            _keep, {"unpack": None}, ["unpack: declared, not exported"], id="export missing"
        ),
        pytest.param(
            _keep, {"ex.extra": "0r_v"}, ["ex.extra: exported, not declared"], id="export added"
        ),
    ],
)
def test_an_altered_copy_is_rejected_with_exactly_its_difference(
    alter_declarations: Callable[[ModuleOp], None],
    alter_exports: dict[str, str | None],
    expected: list[str],
) -> None:
    imports = load_imports("vmvx")
    alter_declarations(imports)
    exports: dict[str, str] = exported(MODULES["vmvx"]())
    for name, convention in alter_exports.items():
        if convention is None:
            del exports[name]
        else:
            exports[name] = convention
    assert mismatches(declared(imports), exports) == expected
