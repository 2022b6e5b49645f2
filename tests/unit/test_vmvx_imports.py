"""pyvmvx's `vmvx_imports.mlir`: the 32 IREE imports with IREE's calling conventions."""

import pytest
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    TupleType,
    UnitAttr,
    f32,
    f64,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute

from pyvmvx.dialects.vm import (
    BufferType,
    ImportOp,
    ListType,
    ModuleOp,
    RefType,
    calling_convention,
    load_vmvx_imports,
)

BINARY = "0rIIIrIIIrIIIII_v"
UNARY = "0rIIIrIIIII_v"

# Names and calling conventions from IREE's runtime vmvx module (exports.inl).
EXPECTED = {
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


def _imports() -> dict[str, ImportOp]:
    module = load_vmvx_imports()
    (vm_module,) = module.body.block.ops
    assert isinstance(vm_module, ModuleOp)
    assert vm_module.sym_name.data == "vmvx"
    return {op.sym_name.data: op for op in vm_module.body.block.ops if isinstance(op, ImportOp)}


def test_all_32_imports_with_iree_calling_conventions() -> None:
    imports = _imports()
    assert len(EXPECTED) == 32
    assert {name: calling_convention(op) for name, op in imports.items()} == EXPECTED


def test_imports_are_private_and_named() -> None:
    for name, op in _imports().items():
        assert op.sym_visibility is not None and op.sym_visibility.data == "private", name
        names = [op.argument_name(i) for i in range(len(op.function_type.inputs))]
        assert all(names), name
        assert not op.is_variadic, name


def test_binary_signature_uses_tuples_in_iree_order() -> None:
    op = _imports()["add.2d.f32"]
    pair = TupleType((i64, i64))
    groups = [(BufferType(), i64, pair)] * 3
    assert op.function_type == FunctionType.from_lists(
        [t for group in groups for t in group] + [pair], []
    )
    assert [op.argument_name(i) for i in range(10)] == [
        "lhs_buffer",
        "lhs_offset",
        "lhs_strides",
        "rhs_buffer",
        "rhs_offset",
        "rhs_strides",
        "out_buffer",
        "out_offset",
        "out_strides",
        "sizes",
    ]
    assert op.flat_argument_types()[-2:] == [i64, i64]


def test_load_returns_independent_copies() -> None:
    first = load_vmvx_imports()
    first.body.block.erase_op(first.body.block.first_op)
    assert len(_imports()) == 32


@pytest.mark.parametrize(
    ("inputs", "outputs", "expected"),
    [
        ([], [], "0v_v"),
        ([i32, i64, f32, f64], [i32], "0iIfF_i"),
        ([BufferType(), ListType(i32), RefType()], [RefType(), i64], "0rrr_rI"),
        ([TupleType((i32, TupleType((f32, i64))))], [], "0ifI_v"),
    ],
)
def test_calling_convention_codes(
    inputs: list[Attribute], outputs: list[Attribute], expected: str
) -> None:
    assert calling_convention(FunctionType.from_lists(inputs, outputs)) == expected


def test_calling_convention_rejects_non_vm_types_and_variadics() -> None:
    with pytest.raises(ValueError, match="i8 has no VM calling-convention code"):
        calling_convention(FunctionType.from_lists([i8], []))
    variadic = ImportOp("mod.v", [("n", i32)])
    variadic.arg_attrs = ArrayAttr([DictionaryAttr({"vm.variadic": UnitAttr()})])
    with pytest.raises(ValueError, match="variadic"):
        calling_convention(variadic)
