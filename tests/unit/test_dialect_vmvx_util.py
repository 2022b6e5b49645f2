"""Python builders of the vmvx and util ops: what passes construct must verify and print."""

import pytest
from xdsl.dialects.builtin import IndexType, MemRefType, ModuleOp, f16, f32, i32
from xdsl.ir import Block, Region, SSAValue
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.test_value import create_ssa_value

from pyvmvx.dialects import util, vmvx

INDEX = IndexType()


def _strided(rank: int) -> vmvx.StridedBuffer:
    return vmvx.StridedBuffer(
        create_ssa_value(util.BufferType()),
        create_ssa_value(INDEX),
        [create_ssa_value(INDEX) for _ in range(rank)],
    )


def _sizes(rank: int) -> list[SSAValue]:
    return [create_ssa_value(INDEX) for _ in range(rank)]


def test_binary_builder_groups_and_accessors() -> None:
    lhs, rhs, out = _strided(2), _strided(2), _strided(2)
    op = vmvx.BinaryOp("add", f32, lhs, rhs, out, _sizes(2))
    op.verify()
    assert op.opcode.data == "add" and op.element_type == f32
    assert op.group("rhs") == (rhs.buffer, rhs.offset, tuple(rhs.strides))
    assert len(op.sizes) == 2


def test_strided_builders_reject_unequal_groups_by_name() -> None:
    with pytest.raises(VerifyException, match="in_strides has 2, out_strides has 1, sizes has 2"):
        vmvx.CopyOp(f32, _strided(2), _strided(1), _sizes(2))
    with pytest.raises(VerifyException, match="sizes has 1"):
        vmvx.UnaryOp("abs", f32, _strided(2), _strided(2), _sizes(1))


def test_element_type_is_checked_on_verify() -> None:
    op = vmvx.CopyOp(f16, _strided(1), _strided(1), _sizes(1))
    with pytest.raises(VerifyException, match="must be a VMVX element type .* got f16"):
        op.verify()


def test_buffer_descriptor_result_groups_follow_memref_rank() -> None:
    source = create_ssa_value(MemRefType(f32, [4, 8]))
    op = vmvx.GetBufferDescriptorOp(source)
    op.verify()
    assert isinstance(op.base_buffer.type, util.BufferType)
    assert len(op.sizes) == 2 and len(op.strides) == 2
    with pytest.raises(ValueError, match="needs a memref"):
        vmvx.GetBufferDescriptorOp(create_ssa_value(INDEX))


def test_fill2d_and_raw_binding_builders() -> None:
    fill = vmvx.Fill2DOp(create_ssa_value(i32), *_strided(1)[:2], *_sizes(3))
    fill.verify()
    raw = vmvx.GetRawInterfaceBindingBufferOp(util.BufferType(), 3)
    assert raw.binding.value.data == 3
    assert isinstance(raw.buffer.type, util.BufferType)


def test_util_func_call_global_module_verifies() -> None:
    callee = util.FuncOp("callee", [i32], [i32], visibility="private")
    callee.body.block.add_op(util.ReturnOp(callee.args[0]))
    main = util.FuncOp("main", [i32], [i32])
    call = util.CallOp("callee", [main.args[0]], [i32])
    store = util.GlobalStoreOp(call.results_[0], "g")
    main.body.block.add_ops([call, store, util.ReturnOp(call.results_[0])])
    module = ModuleOp([util.GlobalOp("g", i32, mutable=True), callee, main])
    module.verify()
    text = str(module)
    assert "util.func private @callee(%0: i32) -> i32 {" in text
    assert "util.global private mutable @g : i32" in text


def test_tied_call_and_initializer() -> None:
    func = util.FuncOp("tied", [i32], [i32], tied_operands=[0])
    func.body.block.add_op(util.ReturnOp(func.args[0]))
    init = util.InitializerOp(Region(Block([util.ReturnOp()])))
    ModuleOp([func, init]).verify()
    assert "util.func @tied(%0: i32) -> %0 {" in str(func)


def test_assume_int_and_list_get_builders() -> None:
    value = create_ssa_value(INDEX)
    assume = util.AssumeIntOp([value], [[util.IntAssumptionAttr.get(umin=0, udiv=4)]])
    assume.verify()
    assert "<umin = 0, udiv = 4>" in str(assume)
    listed = util.ListGetOp(create_ssa_value(util.ListType(util.BufferType())), value)
    listed.verify()
    assert isinstance(listed.result.type, util.BufferType)
