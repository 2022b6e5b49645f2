"""pyvmvx's `vmvx_imports.mlir` and calling conventions.

Which imports it declares, with which conventions, is test_import_registry's check.
"""

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
    declared_imports,
    load_imports,
)


def _imports() -> dict[str, ImportOp]:
    module = load_imports("vmvx")
    (vm_module,) = module.body.block.ops
    assert isinstance(vm_module, ModuleOp)
    assert vm_module.sym_name.data == "vmvx"
    return declared_imports(module)


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
    count = len(_imports())
    first = load_imports("vmvx")
    first.body.block.erase_op(first.body.block.first_op)
    assert len(_imports()) == count > 0


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


def test_calling_convention_rejects_non_vm_types() -> None:
    with pytest.raises(ValueError, match="i8 has no VM calling-convention code"):
        calling_convention(FunctionType.from_lists([i8], []))


def test_calling_convention_of_a_variadic_import_has_c_d_spans() -> None:
    variadic = ImportOp("mod.v", [("a", i32), ("n", i32), ("t", TupleType([i32, i64]))])
    variadic.arg_attrs = ArrayAttr(
        [DictionaryAttr({}), *[DictionaryAttr({"vm.variadic": UnitAttr()})] * 2]
    )
    assert calling_convention(variadic) == "0iCiDCiID_v"
