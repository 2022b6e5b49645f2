"""Differential tests: IREE's pass (`iree-opt`) and pyvmvx's (`pyvmvx-opt`) on the same inputs.

Each pass pyvmvx implements under IREE's flag name runs, as IREE's lit tests run it, on the
sections of its input file in `inputs/` (`pass_cases.CASES`: our own inputs covering the
constructs of IREE's tests).
Both outputs are parsed with pyvmvx and reduced to `ir_views.ModuleView`s (see that module for
the normalization: argument-relative operand expressions, integer arithmetic as polynomials,
constants and index arithmetic left out of the op counts), which must be equal. Where pyvmvx
differs from IREE by design, the difference is asserted explicitly (`EXPECTED_DIFFERENCES`);
where it differs by a known defect, the section is a strict expected failure (`KNOWN_BUGS`).
The sections of `inputs/errors.mlir` (each names its pass) must be rejected by both tools with
the same message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from conftest import INPUTS, Tool, ToolError
from ir_views import Anchor, FunctionView, ModuleView, module_view, parse_module, split_sections
from pass_cases import CASES, CASES_BY_FLAG, ERROR_ARGS, PassCase, run_sections, section_name

# ---------------------------------------------------------------------------------------
# Documented differences: each asserts the difference on IREE's view and returns that view
# with the difference undone, so the rest of the comparison is exact.

Adjust = Callable[[ModuleView, ModuleView], ModuleView]


def _replace_function(view: ModuleView, function: FunctionView) -> ModuleView:
    return replace(view, functions={**view.functions, function.path: function})


def _replace_anchor(function: FunctionView, old: Anchor, new: Anchor) -> FunctionView:
    anchors = tuple(new if anchor == old else anchor for anchor in function.anchors)
    return replace(function, anchors=anchors)


def _loop_order_sizes(iree: ModuleView, ours: ModuleView) -> ModuleView:
    """IREE passes a transposed output's sizes unpermuted; pyvmvx passes them in loop order
    (`lower_linalg_microkernels.py`, "Differences from IREE")."""
    function = iree.functions["@copy_transposed_output"]
    (copy,) = [a for a in function.anchors if a.name == "vmvx.copy"]
    out_sizes = copy.operands[-2:]
    assert out_sizes == tuple(f"vmvx.get_buffer_descriptor(%arg0).size{d}" for d in (0, 1))
    fixed = replace(copy, operands=copy.operands[:-2] + out_sizes[::-1])
    return _replace_function(iree, _replace_anchor(function, copy, fixed))


def _subview_offset_unscaled(iree: ModuleView, ours: ModuleView) -> ModuleView:
    """IREE scales a subview's offsets by the subview strides as well; pyvmvx adds
    `offset * source stride`, MLIR's subview semantics (`resolve_buffer_descriptors.py`)."""
    function = iree.functions["@subview_2d"]
    ret = function.anchors[-1]
    desc = "vmvx.get_buffer_descriptor(%arg0)"
    iree_offset = f"2*%arg1*{desc}.stride0 + 3*%arg2*{desc}.stride1 + {desc}.offset"
    assert ret.operands[1] == iree_offset
    mlir_offset = f"%arg1*{desc}.stride0 + %arg2*{desc}.stride1 + {desc}.offset"
    fixed = replace(ret, operands=(ret.operands[0], mlir_offset, *ret.operands[2:]))
    return _replace_function(iree, _replace_anchor(function, ret, fixed))


def _resolved_through_views(iree: ModuleView, ours: ModuleView) -> ModuleView:
    """pyvmvx also resolves descriptors through memref.cast and collapse_shape, which IREE
    leaves unresolved (allow-unresolved): IREE's returns still read the unresolved
    descriptors; ours are those descriptors resolved by hand."""
    cast_desc = "vmvx.get_buffer_descriptor(memref.cast(%arg0))"
    resolved = {
        "@through_cast": tuple(
            f"vmvx.get_buffer_descriptor(%arg0).{field}"
            for field in ("base", "offset", "size0", "size1", "stride0", "stride1")
        ),
        "@through_collapse": (
            "builtin.unrealized_conversion_cast(memref.alloca())",
            "0",
            "15",
            "1",
        ),
    }
    view = iree
    for path, operands in resolved.items():
        function = view.functions[path]
        ret = function.anchors[-1]
        unresolved = cast_desc if path == "@through_cast" else "memref.collapse_shape"
        assert all(unresolved in operand for operand in ret.operands), ret
        function = replace(function, op_counts=ours.functions[path].op_counts)
        fixed = replace(ret, operands=operands)
        view = _replace_function(view, _replace_anchor(function, ret, fixed))
    return view


def _setter_is_tagged(iree: ModuleView, ours: ModuleView) -> ModuleView:
    """pyvmvx tags `__set_constants` with `vmvx.set_constants` so the VMVX conversion keeps
    its signature and the loader can call it (`materialize_constants.py`)."""
    setter = iree.functions["@__set_constants"]
    assert setter.attrs == "" and setter.signature == "(!util.buffer) -> ()"
    return _replace_function(iree, replace(setter, attrs="{vmvx.set_constants=unit}"))


def _subspan_offset_kept(iree: ModuleView, ours: ModuleView) -> ModuleView:
    """IREE's canonicalizer folds `util.buffer.load` of a `util.buffer.subspan` into a load
    of the source *without* the subspan's offset (observed in iree-opt 3.13); pyvmvx's keeps
    it. IREE's output before canonicalization has the subspan at the push-constant offset."""
    function = iree.functions["@dynamic_offset_and_scalar"]
    store = function.anchors[0]
    binding0 = "util.list.get(%arg2, 0)"
    assert store.operands[0] == f"util.buffer.load({binding0}, 32, 6, 2)"
    constant = "util.buffer.load(%arg1, util.buffer.size(%arg1), 0, util.sizeof{sizedType=index}())"
    kept = f"util.buffer.load({binding0}, util.buffer.size({binding0}), 6 + {constant}, 2)"
    fixed = replace(store, operands=(kept, *store.operands[1:]))
    function = replace(function, op_counts=ours.functions[function.path].op_counts)
    return _replace_function(iree, _replace_anchor(function, store, fixed))


def _initializer_kept(iree: ModuleView, ours: ModuleView) -> ModuleView:
    """IREE's VM canonicalizer turns an initializer that stores a constant into the global's
    initial value; pyvmvx's canonicalize keeps the initializer (same program state)."""
    (counter,) = [d for d in iree.decls if d.path == "@module::@counter"]
    assert counter.attrs == "{initial_value=5 : i32, is_mutable=unit, type=i32}"
    assert not any("vm.initializer" in path for path in iree.functions)
    (initializer,) = [f for p, f in ours.functions.items() if "vm.initializer" in p]
    assert [str(a) for a in initializer.anchors] == [
        "vm.global.store.i32{global=@counter}(5)",
        "vm.return()",
    ]
    decls = tuple(
        replace(d, attrs="{is_mutable=unit, type=i32}") if d is counter else d for d in iree.decls
    )
    return replace(iree, decls=decls, functions={**iree.functions, initializer.path: initializer})


def _only_used_imports(iree: ModuleView, ours: ModuleView) -> ModuleView:
    """A module that calls `vmvx` imports gets all 32 of them from IREE, only the called ones
    from pyvmvx (neither adds any to a module that calls none)."""
    called = {callee for f in ours.functions.values() for callee in f.callees}
    ours_imports = {d.path.rsplit("::@", 1)[1] for d in ours.decls_of("vm.import")}
    iree_imports = {d.path.rsplit("::@", 1)[1] for d in iree.decls_of("vm.import")}
    assert ours_imports == called & iree_imports
    assert len(iree_imports) == (32 if ours_imports else 0)
    decls = tuple(
        d for d in iree.decls if d.name != "vm.import" or d.path.endswith(tuple(ours_imports))
    )
    return replace(iree, decls=decls)


EXPECTED_DIFFERENCES: dict[tuple[str, str], Adjust] = {
    ("iree-vmvx-lower-linalg-microkernels", "copy_transposed_output"): _loop_order_sizes,
    ("iree-vmvx-resolve-buffer-descriptors", "subview_2d"): _subview_offset_unscaled,
    ("iree-vmvx-resolve-buffer-descriptors", "through_cast"): _resolved_through_views,
    ("iree-vmvx-materialize-constants", "first_user"): _setter_is_tagged,
    ("iree-vmvx-materialize-constants", "dispatch"): _setter_is_tagged,
    ("iree-vmvx-conversion", "dynamic_offset_and_scalar"): _subspan_offset_kept,
    ("iree-vm-conversion", "counter"): _initializer_kept,
}
PASS_DIFFERENCES: dict[str, Adjust] = {"iree-vm-conversion": _only_used_imports}

KNOWN_BUGS: dict[tuple[str, str], str] = {
    ("iree-vmvx-select-lowering-strategy", "inside_distributed_loop"): (
        "pyvmvx gives distribution [0] to a linalg op inside a workgroup-distributed scf.for;"
        " IREE 3.13 gives [64] (it zeroes only non-partitionable, e.g. unit, loops)"
    ),
}


def assert_same_module(iree: ModuleView, ours: ModuleView) -> None:
    """Equal functions (signature, anchors, counted ops) and equal symbol declarations."""
    assert sorted(ours.functions) == sorted(iree.functions)
    for path, expected in iree.functions.items():
        actual = ours.functions[path]
        assert (actual.kind, actual.visibility, actual.signature, actual.attrs) == (
            expected.kind,
            expected.visibility,
            expected.signature,
            expected.attrs,
        ), path
        assert [str(a) for a in actual.anchors] == [str(a) for a in expected.anchors], path
        assert actual.counted_ops() == expected.counted_ops(), path
    assert sorted(ours.decls, key=str) == sorted(iree.decls, key=str)


def _params() -> list[object]:
    params = []
    for case in CASES:
        for index, section in enumerate(split_sections(case.input_text)):
            name = section_name(section)
            marks = []
            if (reason := KNOWN_BUGS.get((case.flag, name))) is not None:
                marks.append(pytest.mark.xfail(strict=True, reason=reason))
            params.append(pytest.param(case, index, name, id=f"{case.flag}:{name}", marks=marks))
    return params


@pytest.mark.parametrize(("case", "index", "name"), _params())
def test_same_outcome_as_iree(
    case: PassCase, index: int, name: str, iree_opt: Tool, pyvmvx_opt: Tool
) -> None:
    iree_out = run_sections(iree_opt, case, case.iree_args)[index]
    ours_out = run_sections(pyvmvx_opt, case, case.ours_args)[index]
    assert not isinstance(iree_out, ToolError), str(iree_out)
    assert not isinstance(ours_out, ToolError), str(ours_out)
    iree_view = module_view(parse_module(iree_out))
    ours_view = module_view(parse_module(ours_out))
    if (adjust_pass := PASS_DIFFERENCES.get(case.flag)) is not None:
        iree_view = adjust_pass(iree_view, ours_view)
    if (adjust_section := EXPECTED_DIFFERENCES.get((case.flag, name))) is not None:
        assert iree_view != ours_view, "the documented difference is gone"
        iree_view = adjust_section(iree_view, ours_view)
    assert_same_module(iree_view, ours_view)


def _error_sections() -> list[object]:
    params = []
    for section in split_sections((INPUTS / "errors.mlir").read_text()):
        match = re.search(r"^// PASS: (\S+)$", section, re.MULTILINE)
        assert match is not None, f"error section without a PASS line:\n{section}"
        flag = match.group(1)
        params.append(pytest.param(flag, section, id=f"{flag}:{section_name(section)}"))
    return params


def error_message(stderr: str) -> str:
    """The first error's message, without its location and the `'op' op ` prefix."""
    for line in stderr.splitlines():
        if "error: " in line:
            return re.sub(r"^'[\w.]+' op ", "", line.split("error: ", 1)[1])
    raise AssertionError(f"no error in:\n{stderr}")


@pytest.mark.parametrize(("flag", "section"), _error_sections())
def test_same_error_as_iree(flag: str, section: str, iree_opt: Tool, pyvmvx_opt: Tool) -> None:
    iree_args, ours_args = ERROR_ARGS[flag]
    with pytest.raises(ToolError) as iree_error:
        iree_opt(section, *iree_args)
    with pytest.raises(ToolError) as ours_error:
        pyvmvx_opt(section, *ours_args)
    assert error_message(ours_error.value.stderr) == error_message(iree_error.value.stderr)
    assert "Traceback" not in ours_error.value.stderr


def test_every_registered_vmvx_pass_is_compared() -> None:
    """Each pass pyvmvx registers under an IREE VMVX/VM flag has a differential case
    (`iree-vmvx-lower-executable-target` runs IREE's whole per-function codegen pipeline,
    which is not a single-pass comparison)."""
    from pyvmvx.transforms import get_all_passes

    iree_flags = {
        flag
        for flag in get_all_passes()
        if flag.startswith(("iree-vmvx-", "iree-vm-")) and "pipeline" not in flag
    }
    assert iree_flags - {"iree-vmvx-lower-executable-target"} <= set(CASES_BY_FLAG)
